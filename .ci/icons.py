#!/usr/bin/env python3
"""The game's icons, drawn procedurally: one hole carved in honey-coloured wood, leaning, holding nine dark
wooden korgools in pairs (toguz: nine, the count every hole starts with), lit from the upper left.

    python3 .ci/icons.py            # writes every icon below (about a minute)
    python3 .ci/icons.py --check    # exits 1 if a committed icon differs from what the script draws
    python3 .ci/icons.py --preview DIR   # also writes previews: each icon under the masks launchers use

Needs Python 3 with Pillow and NumPy (`pip install pillow numpy`, or Debian's python3-pil python3-numpy);
with pngquant installed (Debian's pngquant) the PNGs are quantised to half the bytes, the same to the eye.

What it writes (the mark always whole, away from every mask's edge):
- ios/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png: the master, 1024 px, full bleed, no alpha (iOS
  rounds the corners itself);
- android/res/mipmap-{m,h,xh,xxh,xxxh}dpi/ic_launcher.png: the legacy icon (48 to 192 px), a rounded tile;
- android/res/mipmap-*dpi/ic_launcher_{background,foreground,monochrome}.png: the adaptive icon's layers at
  108 dp (108 to 432 px): the wood; the hole and its stones, inside the central 66 dp circle every
  launcher's mask keeps; the same mark as one colour for Android 13's themed icons. They are tied together
  by android/res/mipmap-anydpi-v26/ic_launcher.xml;
- assets/web/icons/icon-{192,512}.png (rounded tile, "purpose": "any"), icon-maskable-{192,512}.png (full
  bleed, the mark inside the central 80% circle, "purpose": "maskable"), apple-touch-icon.png (180 px, full
  bleed, no alpha: Safari rounds it);
- assets/icon.png: the 256 px tile.

Everything is computed in linear light with 4x4 (2x2 for the large sizes) supersampling, then stored as sRGB:
the opaque ones without alpha, the monochrome layer as alpha alone.
"""

import argparse
import io
import math
import os
import shutil
import subprocess
import sys

import numpy as np
from PIL import Image

ROOT = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

# The light comes from the upper left and a little in front (x right, y down, z towards the viewer).
LIGHT = np.array([-0.45, -0.62, 0.64])
LIGHT = LIGHT / np.linalg.norm(LIGHT)


def srgb_to_linear(c):
    c = np.asarray(c, dtype=np.float64)
    return np.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4)


def linear_to_srgb(c):
    c = np.clip(c, 0.0, 1.0)
    return np.where(c <= 0.0031308, c * 12.92, 1.055 * np.power(c, 1 / 2.4) - 0.055)


def smooth(e0, e1, x):
    t = np.clip((x - e0) / (e1 - e0), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def lin(*rgb):
    return srgb_to_linear(np.array(rgb))


# Colours (sRGB as written, used in linear light).
WOOD_LIGHT = lin(0.90, 0.65, 0.39)  # honey-coloured board wood
WOOD_DARK = lin(0.62, 0.37, 0.17)  # its grain
HOLE_WOOD = lin(0.80, 0.53, 0.29)  # the hole's floor, before its shadows
STONE = lin(0.33, 0.18, 0.09)  # walnut korgools
STONE_GRAIN = lin(0.24, 0.12, 0.06)
SPECULAR = lin(1.0, 0.93, 0.80)
RIM_LIGHT = lin(1.0, 0.86, 0.62)

# --- the mark, in stone radii: a capsule (upright hole) and nine stones in pairs --------------------------

PAIR_X = 1.04  # a pair's stones touch, almost
ROW = 2.06  # rows of pairs, one under the other
MARGIN = 0.42  # between the outer stones and the hole's wall
LIP = 0.42  # the rounded edge where the board's surface turns down into the hole
TILT = 35.0  # degrees the hole leans, clockwise (its top to the right)


def stones():
    """(x, y, radius, tone) of the nine stones: one alone at the top, four pairs below, each a little off
    the grid and a little different, as stones put in by hand."""
    jitter = [
        (0.02, -0.04, 1.00, 1.00),
        (-0.05, 0.03, 0.97, 0.93), (0.04, -0.02, 1.02, 1.06),
        (-0.03, -0.03, 1.01, 1.04), (0.05, 0.04, 0.98, 0.95),
        (-0.04, 0.02, 0.99, 1.00), (0.02, 0.05, 1.02, 1.08),
        (-0.02, -0.02, 1.01, 0.96), (0.03, 0.01, 0.98, 1.03),
    ]
    spots = [(0.0, -2 * ROW)]
    for row in range(4):
        y = (row - 1) * ROW
        spots += [(-PAIR_X, y), (PAIR_X, y)]
    return [(x + jx, y + jy, r, t) for (x, y), (jx, jy, r, t) in zip(spots, jitter)]


# The capsule: a vertical segment from (0, -HALF) to (0, HALF), thickened by RADIUS.
RADIUS = PAIR_X + 1.0 + MARGIN
HALF = 2 * ROW  # the bottom pair sits in the bottom cap with MARGIN all round
# How far the mark reaches from its centre (the top and bottom of the hole's lip), in stone radii.
EXTENT = HALF + RADIUS + LIP


def capsule(x, y):
    """Signed distance to the hole's edge (negative inside) and its outward direction."""
    cy = np.clip(y, -HALF, HALF)
    dx, dy = x, y - cy
    length = np.sqrt(dx * dx + dy * dy)
    safe = np.maximum(length, 1e-6)
    return length - RADIUS, dx / safe, dy / safe


# --- the painting --------------------------------------------------------------------------------------

def noise(x, y, seed):
    """Smooth value noise: random values on the integer lattice, eased between (repeats every 64)."""
    lattice = np.random.default_rng(seed).random((64, 64))
    xi, yi = np.floor(x).astype(np.int64), np.floor(y).astype(np.int64)
    fx, fy = x - xi, y - yi
    fx, fy = fx * fx * (3 - 2 * fx), fy * fy * (3 - 2 * fy)
    x0, x1, y0, y1 = xi % 64, (xi + 1) % 64, yi % 64, (yi + 1) % 64
    top = lattice[y0, x0] * (1 - fx) + lattice[y0, x1] * fx
    bottom = lattice[y1, x0] * (1 - fx) + lattice[y1, x1] * fx
    return top * (1 - fy) + bottom * fy


def fbm(x, y, seed, octaves):
    total, amp, norm = 0.0, 0.5, 0.0
    for o in range(octaves):
        total = total + amp * noise(x * 2**o, y * 2**o, seed + o)
        norm += amp
        amp *= 0.5
    return total / norm


def wood(u, v, k=1.0):
    """The board's wood at design coordinates (u, v) (the icon is the unit square): growth rings running
    across in irregular waves, fibres along them, a soft sheen from the light's side (k: how much)."""
    warp = fbm(u * 0.9 + 3.1, v * 1.4 + 7.3, 11, 3)
    phase = v * 8.0 + (warp - 0.5) * 3.2 + 0.35 * np.sin(u * 2.6 + 1.0)
    ring = phase - np.floor(phase)
    late = smooth(0.62, 0.93, ring) * (1 - smooth(0.93, 1.0, ring))
    fibres = smooth(0.45, 0.8, fbm(u * 6.0, v * 160.0, 21, 3))
    streaks = smooth(0.4, 0.8, fbm(u * 3.0, v * 45.0, 31, 3))
    t = 0.55 * late**1.6 + 0.17 * fibres + 0.15 * streaks
    rgb = WOOD_LIGHT * (1 - t[..., None]) + WOOD_DARK * t[..., None]
    # Rubbed and oiled: lighter towards the light, darker towards the far corner.
    sheen = 1.0 + 0.16 * k * (1.0 - smooth(0.0, 1.25, np.hypot(u - 0.15, v - 0.1)))
    vignette = 1.0 - 0.22 * k * smooth(0.45, 0.95, np.hypot(u - 0.5, v - 0.5))
    return rgb * (sheen * vignette)[..., None]


def shade(nx, ny, nz, lx, ly):
    """Lambert shading with some ambient light, 1.0 for a flat surface; (lx, ly) the light across."""
    flat = 0.35 + 0.65 * LIGHT[2]
    lam = np.maximum(nx * lx + ny * ly + nz * LIGHT[2], 0.0)
    return (0.35 + 0.65 * lam) / flat


def mark_coordinates(u, v, scale):
    """Design coordinates to the mark's own (stone radii, y down the hole), the hole tilted by TILT."""
    a = math.radians(TILT)
    du, dv = u - 0.5, v - 0.5
    x = (du * math.cos(a) + dv * math.sin(a)) / scale
    y = (-du * math.sin(a) + dv * math.cos(a)) / scale
    return x, y


def window(u, v, scale, cx, cy, reach):
    """The rows and columns of the image where the mark's point (cx, cy) lies within `reach` stone radii."""
    a = math.radians(TILT)
    pu = 0.5 + (cx * math.cos(a) - cy * math.sin(a)) * scale
    pv = 0.5 + (cx * math.sin(a) + cy * math.cos(a)) * scale
    step, u0, v0 = u[0, 1] - u[0, 0], u[0, 0], v[0, 0]
    r = reach * scale / step
    c0, c1 = int((pu - u0) / step - r), int((pu - u0) / step + r) + 2
    r0, r1 = int((pv - v0) / step - r), int((pv - v0) / step + r) + 2
    h, w = u.shape
    return slice(max(r0, 0), max(min(r1, h), 0)), slice(max(c0, 0), max(min(c1, w), 0))


def shadow_offset():
    """Where a stone's shadow lies from its centre, in its radii: half a radius away from the light."""
    lx, ly = rotate_light()
    length = math.hypot(lx, ly)
    return -0.52 * lx / length, -0.52 * ly / length


def stone_shadow(x, y, stone, soft):
    """How much of the light a stone takes from the points (x, y) beside it."""
    sx, sy, sr, _ = stone
    ox, oy = shadow_offset()
    dist = np.hypot(x - sx - ox * sr, y - sy - oy * sr) / sr
    return 1.0 - smooth(soft[0], soft[1], dist)


def paint_mark(u, v, scale):
    """The hole and its stones over the board, per pixel: the lip's dark and light veils (alpha), the hole's
    colour (premultiplied) and coverage. `scale` is design units per stone radius."""
    x, y = mark_coordinates(u, v, scale)
    px = (u[0, 1] - u[0, 0]) / scale  # a (sub)pixel in stone radii, for antialiasing
    d, gx, gy = capsule(x, y)

    # The lip, outside the hole: the surface rounds over and down. Facing the light it brightens (the lower
    # edge), turned away it darkens (the upper one), both fading out onto the flat board.
    outside = smooth(-px, px, d)
    t = np.clip(d / LIP, 0.0, 1.0)
    slope = 2.0 * (1.0 - t) ** 2  # steepest at the hole's edge
    n = np.stack([-gx * slope, -gy * slope, np.ones_like(d)])
    n = n / np.linalg.norm(n, axis=0)
    lx, ly = rotate_light()
    lip = np.where(d < LIP, shade(n[0], n[1], n[2], lx, ly), 1.0)
    lip_dark = np.clip(1.0 - lip, 0, 1) * outside * 0.9
    lip_light = np.clip(lip - 1.0, 0, 1) * outside * 0.9

    # Inside: walls going down to the floor, lit on the lower side, in shadow on the upper one; the floor
    # darker towards the walls (ambient occlusion) and under the upper wall's cast shadow.
    depth = smooth(-1.0, 0.0, d)  # 1 at the edge, 0 on the floor
    wall_slope = 2.4 * depth
    n = np.stack([-gx * wall_slope, -gy * wall_slope, np.ones_like(d)])
    n = n / np.linalg.norm(n, axis=0)
    wall = shade(n[0], n[1], n[2], lx, ly)
    # The cast shadow: from the point towards the light; where that leaves the hole the point lies under
    # the wall.
    reach = 1.5 / math.hypot(lx, ly)
    d_light, _, _ = capsule(x + lx * reach, y + ly * reach)
    cast = smooth(-1.3, 0.2, d_light) * (1.0 - 0.6 * depth)
    occlusion = 1.0 - 0.4 * smooth(-2.2, -0.6, d) * (1.0 - depth)
    light = wall * occlusion * (1.0 - 0.5 * cast) * (0.72 + 0.28 * depth)
    # The carved edge itself, a fine dark line all round that draws the hole at any size.
    light = light * (1.0 - 0.38 * (1.0 - smooth(0.0, 0.22 + px, np.abs(d + 0.06))))
    # Carved across the grain: the floor shows its own, finer figure, not the board's rings seen through.
    floor = wood(u * 1.7 + 0.37, v * 2.3 + 0.61, 0.0) * (HOLE_WOOD / WOOD_LIGHT)
    rgb = floor * light[..., None]
    # In the shade, less colour: mix towards grey as it darkens.
    grey = rgb.mean(axis=-1, keepdims=True)
    rgb = rgb + (grey - rgb) * (0.15 * np.clip(1.0 - light, 0, 1))[..., None]

    # The stones: each a lit ball of walnut with a soft shadow on the floor and on its neighbours.
    balls = stones()
    shadow = np.zeros_like(d)
    for ball in balls:
        ox, oy = shadow_offset()
        win = window(u, v, scale, ball[0] + ox * ball[2], ball[1] + oy * ball[2], 1.5 * ball[2])
        shadow[win] = np.maximum(shadow[win], stone_shadow(x[win], y[win], ball, (0.55, 1.35)))
    rgb = rgb * (1.0 - 0.55 * shadow)[..., None]
    for i, ball in enumerate(balls):
        sx, sy, sr, tone = ball
        win = window(u, v, scale, sx, sy, 1.1 * sr)
        bx, by = (x[win] - sx) / sr, (y[win] - sy) / sr
        rho2 = bx * bx + by * by
        rho = np.sqrt(rho2)
        cover = 1.0 - smooth(1.0 - 1.2 * px / sr, 1.0 + 0.2 * px / sr, rho)
        nz = np.sqrt(np.clip(1.0 - rho2, 0.0, 1.0))
        lam = np.maximum(bx * lx + by * ly + nz * LIGHT[2], 0.0)
        # The light reflected towards the viewer (0, 0, 1).
        rz = np.clip(2 * lam * nz - LIGHT[2], 0, 1)
        spec, sheen = rz**60, rz**9
        # Light bounced from the floor, on the lower rim.
        rim = (1.0 - nz) ** 2.5 * np.clip(-(bx * lx + by * ly) / math.hypot(lx, ly), 0, 1)
        # A hint of grain, in each stone its own way.
        a = 1.3 * i
        g = (0.5 + 0.5 * np.sin((bx * math.cos(a) + by * math.sin(a)) * 9.0 + np.sin(by * 3.0 + a) * 1.5)) ** 3
        base = (STONE * (1 - 0.35 * g[..., None]) + STONE_GRAIN * 0.35 * g[..., None]) * tone
        others = np.zeros_like(rho)
        for j, other in enumerate(balls):
            if j != i:
                others = np.maximum(others, stone_shadow(x[win], y[win], other, (0.7, 1.3)))
        own = (0.22 + 1.05 * lam) * (1.0 - 0.5 * others)
        col = base * own[..., None] + SPECULAR * (0.8 * spec + 0.16 * sheen)[..., None] + RIM_LIGHT * 0.12 * rim[..., None]
        rgb[win] = rgb[win] * (1 - cover[..., None]) + col * cover[..., None]

    coverage = 1.0 - outside
    return lip_dark, lip_light, rgb * coverage[..., None], coverage


def rotate_light():
    """The light's direction across the image, in the tilted mark's coordinates."""
    a = math.radians(TILT)
    return (LIGHT[0] * math.cos(a) + LIGHT[1] * math.sin(a), -LIGHT[0] * math.sin(a) + LIGHT[1] * math.cos(a))


def grid(size, ss, view):
    """Design coordinates of the subsamples of a size×size image whose area is `view` = (u0, v0, span)."""
    n = size * ss
    u0, v0, span = view
    c = (np.arange(n) + 0.5) / n * span
    u, v = np.meshgrid(u0 + c, v0 + c)
    return u, v


def downsample(img, ss):
    if ss == 1:
        return img
    h, w, c = img.shape
    return img.reshape(h // ss, ss, w // ss, ss, c).mean(axis=(1, 3))


def render(size, kind, mark=0.80, view=(0.0, 0.0, 1.0)):
    """An RGBA image (linear, premultiplied, floats) of one kind: 'full' (wood and mark, opaque), 'tile'
    (the same on a rounded tile), 'background' (wood alone), 'foreground' (the mark alone, transparent
    around), 'monochrome' (the mark's shape in white). `mark` is the hole's lip-to-lip height in design
    units; `view` the design area the image shows."""
    ss = 4 if size <= 256 else 2
    u, v = grid(size, ss, view)
    scale = mark / (2 * EXTENT)
    ones = np.ones_like(u)
    if kind == "monochrome":
        x, y = mark_coordinates(u, v, scale)
        px = (u[0, 1] - u[0, 0]) / scale
        d, _, _ = capsule(x, y)
        # The hole's outline, a gap, and the stones a little smaller than painted.
        ring = smooth(-px, px, d + 0.05) * (1.0 - smooth(-px, px, d - 0.62))
        dots = np.zeros_like(u)
        for sx, sy, sr, _ in stones():
            dots = np.maximum(dots, 1.0 - smooth(-px, px, np.hypot(x - sx, y - sy) - 0.86 * sr))
        a = np.maximum(ring, dots)
        img = np.stack([a, a, a, a], axis=-1)
        return downsample(img, ss)
    lip_dark, lip_light, hole, cover = paint_mark(u, v, scale)
    if kind == "foreground":
        # Over the background: the lip's shading as dark and light veils, then the hole.
        a_lip = np.clip(lip_dark + lip_light, 0, 1)
        rgb = RIM_LIGHT[None, None, :] * lip_light[..., None]
        rgb = rgb * (1 - cover[..., None]) + hole
        a = a_lip * (1 - cover) + cover
        return downsample(np.concatenate([rgb, a[..., None]], axis=-1), ss)
    board = wood(u, v)
    if kind == "background":
        return downsample(np.concatenate([board, ones[..., None]], axis=-1), ss)
    a_lip = np.clip(lip_dark + lip_light, 0, 1)
    rgb = board * (1 - a_lip[..., None]) + RIM_LIGHT * lip_light[..., None]
    rgb = rgb * (1 - cover[..., None]) + hole
    alpha = ones
    if kind == "tile":
        # A rounded tile (a squircle, as launchers draw), with a bevelled edge catching the light.
        x, y = (u - 0.5) * 2, (v - 0.5) * 2
        e = (np.abs(x) ** 5 + np.abs(y) ** 5) ** 0.2  # 1 on the tile's edge
        px = 2 * (u[0, 1] - u[0, 0])
        alpha = 1.0 - smooth(1.0 - 1.5 * px, 1.0, e)
        band = smooth(0.93, 0.995, e)
        facing = np.clip(-(x * LIGHT[0] + y * LIGHT[1]) / np.maximum(np.hypot(x, y), 1e-6), -1, 1)
        rgb = rgb * (1 + band * 0.22 * facing)[..., None]
        rgb = rgb * alpha[..., None]
    return downsample(np.concatenate([rgb, alpha[..., None]], axis=-1), ss)


def to_image(img, mode):
    """Linear premultiplied floats to an sRGB image: "RGB" (opaque), "RGBA", or "LA" (white, alpha only)."""
    rgb, a = img[..., :3], img[..., 3:4]
    straight = np.where(a > 1e-6, rgb / np.maximum(a, 1e-6), 0.0)
    out = np.concatenate([linear_to_srgb(straight), np.clip(a, 0, 1)], axis=-1)
    out = (out * 255.0 + 0.5).astype(np.uint8)
    if mode == "RGB":
        return Image.fromarray(out[..., :3], "RGB")
    if mode == "LA":
        return Image.fromarray(np.stack([np.full_like(out[..., 3], 255), out[..., 3]], axis=-1), "LA")
    return Image.fromarray(out, "RGBA")


def png_bytes(image, quantise):
    """The PNG, optimised; with `quantise`, through pngquant (256 colours, dithered, at least quality 85:
    half the bytes, the same to the eye) when it is installed (Debian: pngquant)."""
    buf = io.BytesIO()
    image.save(buf, "PNG", optimize=True)
    data = buf.getvalue()
    if quantise and shutil.which("pngquant"):
        run = subprocess.run(["pngquant", "--quality", "85-98", "--speed", "1", "--strip", "-"],
                             input=data, capture_output=True, check=False)
        if run.returncode == 0 and 0 < len(run.stdout) < len(data):
            data = run.stdout
    return data


def same_picture(old, new):
    """Whether two images show the same picture: premultiplied, in 4x4 blocks, within what pngquant's
    dithering moves."""
    def blocks(image):
        x = np.asarray(image.convert("RGBA"), dtype=np.float64)
        x = np.concatenate([x[..., :3] * x[..., 3:] / 255.0, x[..., 3:]], axis=-1)
        h, w = x.shape[0] // 4 * 4, x.shape[1] // 4 * 4
        return x[:h, :w].reshape(h // 4, 4, w // 4, 4, 4).mean(axis=(1, 3))
    if old.size != new.size:
        return False
    diff = np.abs(blocks(old) - blocks(new))
    return diff.mean() <= 1.0 and diff.max() <= 12.0


# --- the files -------------------------------------------------------------------------------------------

DENSITIES = {"mdpi": 1.0, "hdpi": 1.5, "xhdpi": 2.0, "xxhdpi": 3.0, "xxxhdpi": 4.0}
# The mark's length, lip to lip, as a part of the icon's side: on the square icons (iOS, the tiles); on the
# adaptive icon, whose 108 dp layers show 72 dp, 58 dp, inside the central 66 dp circle that every
# launcher's mask keeps; on the maskable icons, inside the central 80% circle.
MARK = 0.86
MARK_ADAPTIVE = 0.80
MARK_MASKABLE = 0.70
ADAPTIVE_VIEW = (-0.25, -0.25, 1.5)  # 108 dp of layer for the 72 dp that show


def outputs():
    """(path, function drawing the image, PNG mode, quantised) for every icon. The App Store's master stays
    true colour without alpha; the monochrome layer is alpha alone."""
    out = [("ios/Assets.xcassets/AppIcon.appiconset/AppIcon-1024.png", lambda: render(1024, "full", MARK), "RGB", False)]
    for name, k in DENSITIES.items():
        legacy, layer = int(48 * k), int(108 * k)
        base = f"android/res/mipmap-{name}/ic_launcher"
        out += [
            (base + ".png", lambda s=legacy: render(s, "tile", MARK), "RGBA", True),
            (base + "_background.png", lambda s=layer: render(s, "background", MARK_ADAPTIVE, ADAPTIVE_VIEW), "RGB", True),
            (base + "_foreground.png", lambda s=layer: render(s, "foreground", MARK_ADAPTIVE, ADAPTIVE_VIEW), "RGBA", True),
            (base + "_monochrome.png", lambda s=layer: render(s, "monochrome", MARK_ADAPTIVE, ADAPTIVE_VIEW), "LA", True),
        ]
    for s in (192, 512):
        out += [
            (f"assets/web/icons/icon-{s}.png", lambda s=s: render(s, "tile", MARK), "RGBA", True),
            (f"assets/web/icons/icon-maskable-{s}.png", lambda s=s: render(s, "full", MARK_MASKABLE), "RGB", True),
        ]
    out.append(("assets/web/icons/apple-touch-icon.png", lambda: render(180, "full", MARK), "RGB", True))
    out.append(("assets/icon.png", lambda: render(256, "tile", MARK), "RGBA", True))
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="compare with the committed icons, write nothing")
    parser.add_argument("--preview", metavar="DIR", help="also write previews under the launchers' masks")
    args = parser.parse_args()
    stale = []
    for path, make, mode, quantise in outputs():
        image = to_image(make(), mode)
        full = os.path.join(ROOT, path)
        if args.check:
            if not os.path.exists(full) or not same_picture(Image.open(full), image):
                stale.append(path)
            continue
        os.makedirs(os.path.dirname(full), exist_ok=True)
        data = png_bytes(image, quantise)
        with open(full, "wb") as f:
            f.write(data)
        print(f"{path}: {image.size[0]} px, {len(data)} bytes")
    if args.check:
        if stale:
            print("icons not as .ci/icons.py draws them (run it and commit):", *stale, sep="\n  ")
            sys.exit(1)
        print("icons current")
    if args.preview:
        previews(args.preview)


def mask_preview(layers, size, shape):
    """Composites adaptive layers (RGBA PIL images of 108 dp) under a launcher mask over 72 dp."""
    bg, fg = layers
    comp = Image.alpha_composite(bg.convert("RGBA"), fg)
    s = comp.size[0]
    crop = comp.crop((s // 6, s // 6, s - s // 6, s - s // 6)).resize((size, size), Image.LANCZOS)
    n = size * 4
    yy, xx = np.mgrid[0:n, 0:n]
    x = (xx + 0.5) / n * 2 - 1
    y = (yy + 0.5) / n * 2 - 1
    if shape == "circle":
        m = np.hypot(x, y) <= 1.0
    elif shape == "squircle":
        m = (np.abs(x) ** 4 + np.abs(y) ** 4) <= 1.0
    else:  # a rounded square (Pixel's older mask)
        r = 0.36
        qx, qy = np.maximum(np.abs(x) - (1 - r), 0), np.maximum(np.abs(y) - (1 - r), 0)
        m = np.hypot(qx, qy) <= r
    mask = Image.fromarray((m * 255).astype(np.uint8)).resize((size, size), Image.LANCZOS)
    out = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    out.paste(crop, (0, 0), mask)
    return out


def previews(folder):
    os.makedirs(folder, exist_ok=True)
    res = os.path.join(ROOT, "android/res/mipmap-xxxhdpi/")
    bg = Image.open(res + "ic_launcher_background.png").convert("RGBA")
    fg = Image.open(res + "ic_launcher_foreground.png").convert("RGBA")
    mono = Image.open(res + "ic_launcher_monochrome.png").convert("LA")
    sheet = Image.new("RGBA", (3 * 300 + 40, 620), (235, 235, 240, 255))
    for i, shape in enumerate(["circle", "squircle", "rounded"]):
        sheet.alpha_composite(mask_preview((bg, fg), 280, shape), (10 + i * 310, 10))
    # The themed icon: the monochrome layer tinted over a pale tint, under a circle.
    tint = Image.new("RGBA", mono.size, (205, 222, 255, 255))
    ink = Image.new("RGBA", mono.size, (30, 52, 100, 255))
    ink.putalpha(mono.getchannel("A"))
    themed = mask_preview((tint, ink), 280, "circle")
    sheet.alpha_composite(themed, (10, 320))
    # The maskable web icon under the central 80% circle (the smallest mask it is promised).
    mk = Image.open(os.path.join(ROOT, "assets/web/icons/icon-maskable-512.png")).convert("RGBA").resize((280, 280), Image.LANCZOS)
    n = 280
    yy, xx = np.mgrid[0:n, 0:n]
    m = np.hypot((xx + 0.5) / n - 0.5, (yy + 0.5) / n - 0.5) <= 0.4
    mk.putalpha(Image.fromarray((m * 255).astype(np.uint8)))
    sheet.alpha_composite(mk, (320, 320))
    # The small sizes, at their real pixels and enlarged.
    x = 630
    for name in ["mdpi", "xhdpi"]:
        small = Image.open(os.path.join(ROOT, f"android/res/mipmap-{name}/ic_launcher.png")).convert("RGBA")
        sheet.alpha_composite(small, (x, 330))
        x += small.size[0] + 10
    small = Image.open(os.path.join(ROOT, "android/res/mipmap-mdpi/ic_launcher.png")).convert("RGBA")
    sheet.alpha_composite(small.resize((192, 192), Image.NEAREST), (630, 420))
    sheet.save(os.path.join(folder, "sheet.png"))
    print(f"previews in {folder}")


if __name__ == "__main__":
    main()

//! The players' languages: every message in every language, in the bundled font, with the right plurals,
//! and a damaged file falling back to English.

use std::collections::BTreeSet;

use toguz::app::i18n::locale::{Lang, Locale, Message, PluralForm, parse_catalog};

fn catalog(lang: Lang) -> std::collections::HashMap<String, Message> {
    parse_catalog(lang.file()).unwrap_or_else(|e| panic!("{}.ron does not parse: {e}", lang.code()))
}

/// The `{name}` slots of a text.
fn slots(text: &str) -> BTreeSet<String> {
    let mut found = BTreeSet::new();
    let mut rest = text;
    while let Some(start) = rest.find('{') {
        let Some(len) = rest[start..].find('}') else { break };
        found.insert(rest[start + 1..start + len].to_string());
        rest = &rest[start + len + 1..];
    }
    found
}

#[test]
fn every_language_has_every_message_with_the_same_slots_and_none_empty() {
    let english = catalog(Lang::En);
    for lang in Lang::ALL {
        let messages = catalog(lang);
        let missing: Vec<_> = english.keys().filter(|k| !messages.contains_key(*k)).collect();
        assert!(missing.is_empty(), "{}: missing {missing:?}", lang.code());
        let extra: Vec<_> = messages.keys().filter(|k| !english.contains_key(*k)).collect();
        assert!(extra.is_empty(), "{}: keys English does not have {extra:?}", lang.code());
        for (key, message) in &messages {
            let want: BTreeSet<String> = english[key].texts().iter().flat_map(|t| slots(t)).collect();
            for text in message.texts() {
                assert!(!text.trim().is_empty(), "{}: '{key}' is empty", lang.code());
                // A plural form may leave the number out ("один ход"), never add a slot the game does not fill.
                let have = slots(text);
                assert!(
                    have.is_subset(&want),
                    "{}: '{key}' has slots {have:?}, English {want:?}",
                    lang.code()
                );
                let mut need = want.clone();
                need.remove("n");
                assert!(need.is_subset(&have), "{}: '{key}' drops a slot: {need:?} in '{text}'", lang.code());
            }
        }
    }
}

#[test]
fn every_message_is_used_by_the_game() {
    let mut source = String::new();
    // The game's code, and the lessons, whose captions are locale keys too.
    // Folders and all: the app is laid out in folders by layer.
    fn read_all(dir: &std::path::Path, source: &mut String) {
        for entry in std::fs::read_dir(dir).unwrap() {
            let path = entry.unwrap().path();
            if path.is_dir() {
                read_all(&path, source);
            } else {
                *source += &std::fs::read_to_string(&path).unwrap();
            }
        }
    }
    for dir in ["/src/app", "/assets/tutorial"] {
        read_all(std::path::Path::new(&format!("{}{dir}", env!("CARGO_MANIFEST_DIR"))), &mut source);
    }
    for key in Locale::english_keys() {
        // Keys that name a player are built from the player's part: "result.{}_wins".
        let family = ["you", "computer", "white", "black"].iter().find_map(|who| {
            let (prefix, rest) = key.split_once('.')?;
            let suffix = rest.strip_prefix(&format!("{who}_")).map(|s| format!("_{s}"));
            let prefix_form = rest.strip_suffix(&format!("_{who}")).map(|p| format!("{p}_"));
            suffix
                .map(|s| format!("\"{prefix}.{{}}{s}\""))
                .or(prefix_form.map(|p| format!("\"{prefix}.{p}{{}}\"")))
        });
        let used = source.contains(&format!("\"{key}\"")) || family.is_some_and(|f| source.contains(&f));
        assert!(used, "'{key}' is in the locale files but the game never shows it");
    }
}

#[test]
fn every_character_of_every_language_is_in_the_bundled_fonts() {
    use skrifa::MetadataProvider;
    use toguz::app::ui::theme::{DISPLAY_FONT, FONT};
    // The body font, and the display face of the game's name and headings: either may show any message.
    for (face, data) in [("body", FONT), ("display", DISPLAY_FONT)] {
        let font =
            skrifa::FontRef::new(data).unwrap_or_else(|e| panic!("the {face} font does not parse: {e}"));
        let charmap = font.charmap();
        for lang in Lang::ALL {
            let mut missing = BTreeSet::new();
            let texts = catalog(lang)
                .into_values()
                .flat_map(|m| m.texts().into_iter().map(String::from).collect::<Vec<_>>());
            for text in texts.chain([lang.native_name().to_string(), "0123456789+-–:".to_string()]) {
                for c in text.chars() {
                    if !c.is_whitespace() && charmap.map(c).is_none() {
                        missing.insert(c);
                    }
                }
            }
            assert!(missing.is_empty(), "{}: the {face} font has no {missing:?}", lang.code());
        }
        // The letters the issue names: Kazakh ә ғ қ ң ө ұ ү һ і, Kyrgyz ң ө ү, Vietnamese with its marks.
        for c in "әғқңөұүһіӘҒҚҢӨҰҮҺІңөүẠạẢảẤấẦầẨẩẪẫẬậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđĐơưƠƯ".chars()
        {
            assert!(charmap.map(c).is_some(), "the {face} font has no '{c}'");
        }
    }
}

#[test]
fn numbers_take_each_languages_plural_forms() {
    let ru = Locale::new(Lang::Ru);
    let stones = |n| ru.n("count.stones", n, &[]);
    assert_eq!(
        [stones(1), stones(2), stones(5), stones(11), stones(21), stones(22), stones(25), stones(112)],
        ["1 камень", "2 камня", "5 камней", "11 камней", "21 камень", "22 камня", "25 камней", "112 камней"]
    );
    let fr = Locale::new(Lang::Fr);
    assert_eq!(
        [fr.n("count.stones", 0, &[]), fr.n("count.stones", 1, &[]), fr.n("count.stones", 2, &[])],
        ["0 pierre", "1 pierre", "2 pierres"]
    );
    let en = Locale::new(Lang::En);
    assert_eq!([en.n("count.moves", 1, &[]), en.n("count.moves", 3, &[])], ["1 move", "3 moves"]);
    // Kazakh, Kyrgyz and Vietnamese do not inflect after numerals.
    for lang in [Lang::Kk, Lang::Ky, Lang::Vi] {
        assert_eq!(lang.plural_form(1), PluralForm::Other);
        assert_eq!(lang.plural_form(5), PluralForm::Other);
    }
    assert_eq!(Locale::new(Lang::Kk).n("count.stones", 5, &[]), "5 құмалақ");
}

#[test]
fn a_damaged_locale_file_falls_back_to_english_with_a_notice() {
    let locale = Locale::from_text(Lang::Ru, "{ \"game.name\": \"Тогуз коргоол\", \"title.continue\": ");
    assert_eq!(locale.lang, Lang::En);
    assert_eq!(locale.problem.as_deref(), Some("Русский"));
    assert_eq!(locale.t("title.continue"), "Continue");
    // A file that parses but lacks a message shows the English one, never a blank.
    let partial = Locale::from_text(Lang::Fr, "{ \"title.continue\": \"Reprendre\" }");
    assert_eq!(partial.t("title.continue"), "Reprendre");
    assert_eq!(partial.t("hud.undo"), "Undo");
}

#[test]
fn the_systems_language_is_read_from_its_locale_name() {
    assert_eq!(Lang::from_locale_name("ru_RU.UTF-8"), Some(Lang::Ru));
    assert_eq!(Lang::from_locale_name("kk-KZ"), Some(Lang::Kk));
    assert_eq!(Lang::from_locale_name("ky_KG"), Some(Lang::Ky));
    assert_eq!(Lang::from_locale_name("vi"), Some(Lang::Vi));
    assert_eq!(Lang::from_locale_name("ca_ES@valencia"), Some(Lang::Ca));
    assert_eq!(Lang::from_locale_name("de_DE.UTF-8"), None);
    assert_eq!(Lang::from_locale_name("C"), None);
}

#[test]
fn every_word_of_every_lesson_is_a_message_of_the_locale_files() {
    let english = catalog(Lang::En);
    for entry in super::lessons::course().lessons {
        let lesson = entry.lesson.unwrap_or_else(|e| panic!("lesson '{}': {e}", entry.id));
        let mut keys = vec![lesson.title.clone(), lesson.summary.clone()];
        for step in &lesson.steps {
            keys.push(step.caption.clone());
            keys.extend(step.after.clone());
        }
        for key in keys {
            assert!(english.contains_key(&key), "lesson '{}': '{key}' is not in en.ron", entry.id);
        }
    }
}

#[test]
fn a_numbered_hole_in_kazakh_and_kyrgyz_never_breaks_at_its_hyphen() {
    for lang in [Lang::Kk, Lang::Ky] {
        for (key, message) in catalog(lang) {
            for text in message.texts() {
                let chars: Vec<char> = text.chars().collect();
                for w in chars.windows(3) {
                    let numbered = w[0].is_ascii_digit() || w[0] == '}';
                    assert!(
                        !(numbered && w[1] == '-' && w[2].is_alphabetic()),
                        "{}: '{key}' can break inside a hole's name: {text}",
                        lang.code()
                    );
                }
            }
        }
    }
}

#[test]
fn a_new_tuzdik_is_told_with_whose_hole_it_is() {
    let en = Locale::new(Lang::En);
    assert_eq!(
        en.f("toast.black_tuzdik", &[("hole", &3)]),
        "Tuzdik for Black on White’s hole 3: every stone sown into it goes to Black’s kazan"
    );
    assert!(en.f("toast.white_tuzdik", &[("hole", &3)]).starts_with("Tuzdik for White on Black’s hole 3"));
    let ru = Locale::new(Lang::Ru);
    assert!(ru.f("toast.black_tuzdik", &[("hole", &3)]).contains("на лунке 3 белых"));
}

#[test]
fn the_new_game_question_names_the_buttons_that_lead_to_the_kept_game_as_they_are_labelled() {
    // The question is asked in the game's menu and on the title, where no "Games" button shows: it says
    // the way there (Settings, then Games) in the words those buttons carry.
    for lang in Lang::ALL {
        let locale = Locale::new(lang);
        let (settings, games) = (locale.t("title.settings"), locale.t("title.history"));
        for key in ["confirm.question", "confirm.play_from"] {
            let text = locale.t(key);
            let path = text.find(&settings).zip(text.find(&games));
            assert!(
                path.is_some_and(|(s, g)| s < g),
                "{}: '{key}' does not name {settings} then {games}: {text}",
                lang.code()
            );
        }
    }
}

/// A new player's try (issue 32): the final score wrapped with "82" alone on a line. In every language
/// each player's name and stones are held together.
#[test]
fn the_final_score_keeps_each_player_with_their_stones() {
    use toguz::app::i18n::words::{player_short, result_text};
    use toguz::game::Mode;
    use toguz::rules::{Side, Status};
    let game = crate::flows::finished_game();
    let Status::Finished(outcome) = game.status() else { panic!("a finished game") };
    for lang in Lang::ALL {
        let locale = Locale::new(lang);
        let (_, words) = result_text(&locale, &Mode::HotSeat, &game.status()).expect("a result");
        let score = words.lines().last().unwrap();
        for (side, stones) in [(Side::White, outcome.score[0]), (Side::Black, outcome.score[1])] {
            let name = player_short(&locale, &Mode::HotSeat, side);
            assert!(score.contains(&format!("{name}\u{a0}{stones}")), "{lang:?}: {score:?}");
        }
    }
}

/// A new player's try (issue 32): the Russian Hint button said «Совет», its messages «подсказку»; Spanish
/// and Catalan asked for "un consejo" of a "Pista". In every language the messages about the Hint
/// button's advice use the button's own word.
#[test]
fn the_hint_buttons_messages_use_the_buttons_own_word() {
    for lang in Lang::ALL {
        let messages = catalog(lang);
        let text = |key: &str| messages[key].texts()[0].to_lowercase();
        let word = text("hud.hint");
        // The word's stem: a word's endings change with its place in a sentence ("советов", "pistes").
        let stem: String = word.chars().take(4).collect();
        for key in [
            "toast.hint_theirs",
            "toast.no_hints_hard",
            "toast.hints_own_turn",
            "hint.play",
            "training.hinted",
        ] {
            assert!(
                text(key).contains(&stem),
                "{}: '{key}' does not say '{word}': {}",
                lang.code(),
                text(key)
            );
        }
    }
}

/// A new player's try (issue 32): a lesson spoke of "Black's row" where the upright board of a phone shows
/// its holes in columns. The lessons speak of sides, which are the same whichever way the board lies.
#[test]
fn the_lessons_speak_of_sides_not_rows_which_an_upright_board_shows_as_columns() {
    for (key, message) in catalog(Lang::En) {
        if key.starts_with("lesson.") {
            for text in message.texts() {
                let words: Vec<String> =
                    text.split(|c: char| !c.is_alphabetic()).map(str::to_lowercase).collect();
                assert!(!words.iter().any(|w| w == "row" || w == "rows"), "'{key}' speaks of rows: {text}");
            }
        }
    }
}

/// A new player's try (issue 46): in Kyrgyz the Undo button and the lessons' Back both said «Артка». In
/// every language, taking a move back and leaving a screen are told apart.
#[test]
fn undo_and_back_are_different_words_in_every_language() {
    for lang in Lang::ALL {
        let locale = Locale::new(lang);
        let undo = locale.t("hud.undo");
        for back in ["lessons.back", "lesson.back", "review.back"] {
            assert_ne!(undo, locale.t(back), "{}: '{back}' says what Undo says", lang.code());
        }
    }
}

/// A new player's try (issue 46): Settings said "Renderer: Vulkan", and a hint "wins 2 stones in 6 moves",
/// the 6 being how deep the computer looked. The graphics setting names no backend, and a hint's gain names
/// no count of moves, in any language.
#[test]
fn the_graphics_setting_and_a_hints_gain_speak_a_players_words() {
    use toguz::ai::Reason;
    use toguz::app::i18n::words::reason;
    for lang in Lang::ALL {
        let locale = Locale::new(lang);
        for key in ["setting.renderer", "setting.renderer_next", "renderer.standard", "renderer.compatible"] {
            let text = locale.t(key);
            for name in ["Vulkan", "OpenGL", "Metal", "DirectX", "WebGL", "Renderer"] {
                assert!(!text.contains(name), "{}: '{key}' names {name}: {text}", lang.code());
            }
        }
        let gain = reason(&locale, &Reason::GainsOverLine { stones: 2, moves: 6 });
        assert!(gain.contains('2') && !gain.contains('6'), "{}: {gain}", lang.code());
    }
}

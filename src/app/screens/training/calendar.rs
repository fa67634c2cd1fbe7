//! The training's calendar: today, as the day number puzzles are due on and the puzzle of the day is
//! picked by. A leaf: the screen and the chooser both read it.

/// Today as days since 1970-01-01 (UTC): the day missed puzzles come back on, and the same puzzle of
/// the day for everyone on a date.
pub fn today() -> i64 {
    let secs = web_time::SystemTime::now().duration_since(web_time::UNIX_EPOCH).map_or(0, |d| d.as_secs());
    (secs / 86_400) as i64
}

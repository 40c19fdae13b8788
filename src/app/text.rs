//! Text cut to a width, for the views that show one line per row.

/// `text` cut to `w` characters, its last one `…` when cut.
pub fn fit(text: &str, w: usize) -> String {
    if text.chars().count() <= w {
        return text.to_string();
    }
    let out: String = text.chars().take(w.saturating_sub(1)).collect();
    format!("{}…", out.trim_end())
}

//! The shared lexical layer under every reader (formats.md §2): normalisation and line classes.

/// Normalises pasted text (§2.1): drop a BOM, CRLF/CR to LF, NBSP and ideographic space to SP,
/// strip trailing SP from each line (never TAB), drop leading and trailing blank lines.
pub fn normalize(text: &str) -> String {
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let mut unified = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(ch) = chars.next() {
        match ch {
            '\r' => {
                if chars.peek() == Some(&'\n') {
                    chars.next();
                }
                unified.push('\n');
            }
            '\u{a0}' | '\u{3000}' => unified.push(' '),
            c => unified.push(c),
        }
    }
    let lines: Vec<&str> = unified
        .split('\n')
        .map(|l| l.trim_end_matches(' '))
        .collect();
    let is_blank = |l: &&str| l.is_empty();
    let start = lines.iter().position(|l| !is_blank(l));
    let Some(start) = start else {
        return String::new();
    };
    let end = lines.iter().rposition(|l| !is_blank(l)).unwrap_or(start);
    lines[start..=end].join("\n")
}

/// The class of a line in a multi-line input (§2.3).
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum LineClass {
    /// Contains `---` and no digit 1-9.
    Border,
    /// `#...` comment or `[Section]` header.
    Comment,
    /// Contains a word (two consecutive Latin letters).
    Text,
    /// Empty or only spaces.
    Blank,
    /// Everything else.
    Data,
}

/// Classifies one normalised line (§2.3).
pub fn classify_line(line: &str) -> LineClass {
    let trimmed = line.trim_matches(|c| c == ' ' || c == '\t');
    if trimmed.is_empty() {
        // A row of TABs is data (an Excel row of empty cells), never blank.
        return if line.contains('\t') {
            LineClass::Data
        } else {
            LineClass::Blank
        };
    }
    if trimmed.starts_with('#') || (trimmed.starts_with('[') && trimmed.ends_with(']')) {
        return LineClass::Comment;
    }
    if line.contains("---") && !line.chars().any(|c| ('1'..='9').contains(&c)) {
        return LineClass::Border;
    }
    let mut prev_letter = false;
    for c in line.chars() {
        let letter = c.is_ascii_alphabetic();
        if letter && prev_letter {
            return LineClass::Text;
        }
        prev_letter = letter;
    }
    LineClass::Data
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn normalize_handles_bom_crlf_nbsp_and_blank_edges() {
        assert_eq!(
            normalize("\u{feff}\r\n  \r\nab  \r\ncd\rxy\n\n"),
            "ab\ncd\nxy"
        );
        assert_eq!(normalize("a\u{a0}b"), "a b");
        assert_eq!(normalize("\t\t\n"), "\t\t");
        assert_eq!(normalize("   \n \n"), "");
    }

    #[test]
    fn line_classes() {
        assert_eq!(classify_line(".---.---."), LineClass::Border);
        assert_eq!(classify_line("|---+---+---|"), LineClass::Border);
        assert_eq!(classify_line("#A author"), LineClass::Comment);
        assert_eq!(classify_line("[Puzzle]"), LineClass::Comment);
        assert_eq!(classify_line("Version 4.2n"), LineClass::Text);
        assert_eq!(classify_line("u5 3 12"), LineClass::Data);
        assert_eq!(classify_line("\t\t\t\t\t\t\t\t"), LineClass::Data);
        assert_eq!(classify_line("  "), LineClass::Blank);
    }
}

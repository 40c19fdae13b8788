//! The Sudoku Explainer rating a puzzle line carries after its cells, in the forms the forums and
//! puzzle lists write it: ` ED=11.9/1.2/1.2` (serate's output), ` SE 7.2` / ` SE: 7.2` /
//! ` SE=7.2`, and a bare ` 7.2` or ` 11.9/11.9/11.3` (ER/EP/ED) right after the cells.

/// Whether a token is a rating: one to three numbers with a decimal point (`7.2`,
/// `11.9/11.9/11.3`), separated by `/`.
fn is_rating(token: &str) -> bool {
    let parts: Vec<&str> = token.split('/').collect();
    parts.len() <= 3
        && parts.iter().all(|p| {
            let mut halves = p.splitn(2, '.');
            let (int, frac) = (halves.next().unwrap_or(""), halves.next());
            (1..=2).contains(&int.len())
                && int.bytes().all(|b| b.is_ascii_digit())
                && frac.is_some_and(|f| {
                    (1..=2).contains(&f.len()) && f.bytes().all(|b| b.is_ascii_digit())
                })
        })
}

/// The SE rating of a trailer (what follows a puzzle's cells on its line): `11.9/1.2/1.2` of
/// ` ED=11.9/1.2/1.2 Loki`, `7.2` of ` 7.2` or ` SE 7.2`.
pub fn se_rating(trailer: &str) -> Option<String> {
    let tokens: Vec<&str> = trailer
        .split(|c: char| c.is_whitespace() || c == ',' || c == ';')
        .filter(|t| !t.is_empty())
        .collect();
    for (i, t) in tokens.iter().enumerate() {
        let upper = t.to_ascii_uppercase();
        for key in ["ED=", "SE=", "SE:", "SER=", "SER:"] {
            if let Some(v) = upper.strip_prefix(key) {
                let v = &t[t.len() - v.len()..];
                if is_rating(v) {
                    return Some(v.to_string());
                }
            }
        }
        if matches!(upper.as_str(), "SE" | "SE:" | "SER" | "SER:" | "ED" | "ED:") {
            if let Some(v) = tokens.get(i + 1).filter(|v| is_rating(v)) {
                return Some((*v).to_string());
            }
        }
    }
    // A bare rating: the first token after the cells.
    tokens
        .first()
        .filter(|t| is_rating(t))
        .map(|t| (*t).to_string())
}

/// The SE rating on a line of a puzzle list: what follows its 81 cells (the first token of 81
/// characters or more, so a numbered line `12. <cells> 7.2` is read too).
pub fn se_rating_of_line(line: &str) -> Option<String> {
    let mut rest = line.trim_start();
    while let Some(token) = rest.split_whitespace().next() {
        let at = rest.find(token).unwrap_or(0) + token.len();
        if token.chars().count() >= 81 {
            let tail = if token.chars().count() > 81 && !token.contains(':') {
                // Cells and trailer without a space between them (`...12.;7.2`).
                let cut = token.char_indices().nth(81).map_or(token.len(), |(i, _)| i);
                &rest[rest.find(token).unwrap_or(0) + cut..]
            } else {
                &rest[at..]
            };
            return se_rating(tail);
        }
        rest = &rest[at..];
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_trailer_form() {
        assert_eq!(
            se_rating(" ED=11.9/1.2/1.2 Loki").as_deref(),
            Some("11.9/1.2/1.2")
        );
        assert_eq!(se_rating(" 7.2").as_deref(), Some("7.2"));
        assert_eq!(
            se_rating(" 11.9/11.9/11.3").as_deref(),
            Some("11.9/11.9/11.3")
        );
        assert_eq!(se_rating(" SE 7.2").as_deref(), Some("7.2"));
        assert_eq!(se_rating(" SE: 8.3").as_deref(), Some("8.3"));
        assert_eq!(se_rating(" se=9.0").as_deref(), Some("9.0"));
        assert_eq!(se_rating(" # a comment"), None);
        assert_eq!(se_rating(" 110 5411131853"), None);
        assert_eq!(se_rating(" #12 by someone 7.2"), None);
    }

    #[test]
    fn a_list_line_with_or_without_a_number() {
        let cells =
            ".83.2..9....8..1...293....8....987...7.....6...674....3....698...2..5....1..3.54.";
        assert_eq!(
            se_rating_of_line(&format!("{cells} 7.2")).as_deref(),
            Some("7.2")
        );
        assert_eq!(
            se_rating_of_line(&format!("17. {cells} 7.2")).as_deref(),
            Some("7.2")
        );
        assert_eq!(
            se_rating_of_line(&format!("{cells};11.9;11.9;11.3")).as_deref(),
            Some("11.9")
        );
        assert_eq!(se_rating_of_line(cells), None);
    }
}

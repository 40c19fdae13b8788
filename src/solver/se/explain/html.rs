//! HTML made into lines of text, as the explanations are written and compared.

/// The tags after which SE's hint window starts a new line.
const BREAKS: [&str; 8] = ["html", "body", "h2", "p", "br", "li", "ul", "pre"];

/// HTML as lines of text: a new line at each heading, paragraph, list, list item and `<br>`,
/// other tags removed, entities decoded, whitespace collapsed, empty lines dropped.
pub fn html_lines(html: &str) -> Vec<String> {
    let mut lines = Vec::new();
    let mut cur = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        cur.push_str(&rest[..open]);
        let Some(close) = rest[open..].find('>') else {
            cur.push_str(&rest[open..]);
            rest = "";
            break;
        };
        let tag = &rest[open + 1..open + close];
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if BREAKS.contains(&name.as_str()) {
            lines.push(std::mem::take(&mut cur));
        }
        rest = &rest[open + close + 1..];
    }
    cur.push_str(rest);
    lines.push(cur);
    lines
        .iter()
        .map(|l| decode(l).split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect()
}

/// Decodes HTML entities (named ones SE uses and numeric ones).
fn decode(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut rest = s;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        let after = &rest[amp..];
        let end = after.find(';').filter(|&e| e <= 10);
        let ent = end.map(|e| &after[1..e]);
        let ch = match ent {
            Some("amp") => Some('&'),
            Some("lt") => Some('<'),
            Some("gt") => Some('>'),
            Some("quot") => Some('"'),
            Some("apos") => Some('\''),
            Some("nbsp") => Some(' '),
            Some(e) if e.starts_with("#x") || e.starts_with("#X") => {
                u32::from_str_radix(&e[2..], 16)
                    .ok()
                    .and_then(char::from_u32)
            }
            Some(e) if e.starts_with('#') => e[1..].parse().ok().and_then(char::from_u32),
            _ => None,
        };
        match (ch, end) {
            (Some(c), Some(e)) => {
                out.push(c);
                rest = &after[e + 1..];
            }
            _ => {
                out.push('&');
                rest = &after[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

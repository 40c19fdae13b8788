//! CRC-32 (IEEE 802.3, the checksum of zip and PNG) and the sealing of one JSON object with it:
//! the object's text gets a last member `"crc":"<8 hex digits>"` computed over a seed and the
//! text without that member, so that the line stays plain JSON for any reader and a changed
//! byte is detected (every change of up to 32 consecutive bits, and all but one in 2^32 of the
//! others).

const TABLE: [u32; 256] = table();

const fn table() -> [u32; 256] {
    let mut t = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xEDB8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[i] = c;
        i += 1;
    }
    t
}

/// The CRC-32 of the concatenation of `parts`.
pub fn crc32(parts: &[&[u8]]) -> u32 {
    let mut c = !0u32;
    for part in parts {
        for &b in *part {
            c = TABLE[((c ^ u32::from(b)) & 0xff) as usize] ^ (c >> 8);
        }
    }
    !c
}

/// The member a sealed object ends with, before its 8 hex digits.
const MEMBER: &[u8] = b",\"crc\":\"";
/// Bytes a seal adds: the member, 8 hex digits, the closing quote (the brace was there).
const SEAL_LEN: usize = MEMBER.len() + 8 + 1;

/// `json` (one object, `{...}`) with its checksum over `seed` and the text as its last member.
pub fn seal(json: &str, seed: &[u8]) -> String {
    debug_assert!(json.ends_with('}'));
    let crc = crc32(&[seed, json.as_bytes()]);
    let mut out = String::with_capacity(json.len() + SEAL_LEN);
    out.push_str(&json[..json.len() - 1]);
    out.push_str(std::str::from_utf8(MEMBER).unwrap_or_default());
    out.push_str(&format!("{crc:08x}\"}}"));
    out
}

/// Whether `line` (no line break) ends like a sealed object, whatever its checksum.
pub fn looks_sealed(line: &[u8]) -> bool {
    split(line).is_some()
}

/// The object of a sealed `line` (no line break) as it was before sealing, when the checksum over
/// `seed` and it holds.
pub fn unseal(line: &[u8], seed: &[u8]) -> Option<Vec<u8>> {
    let (body, hex) = split(line)?;
    let want = u32::from_str_radix(std::str::from_utf8(hex).ok()?, 16).ok()?;
    let mut text = Vec::with_capacity(body.len() + 1);
    text.extend_from_slice(body);
    text.push(b'}');
    (crc32(&[seed, &text]) == want).then_some(text)
}

/// The text before the seal and the seal's hex digits.
fn split(line: &[u8]) -> Option<(&[u8], &[u8])> {
    let n = line.len();
    if n < SEAL_LEN + 2 || !line.ends_with(b"\"}") {
        return None;
    }
    let start = n - SEAL_LEN - 1;
    let (body, seal) = line.split_at(start);
    let hex = seal.strip_prefix(MEMBER)?.get(..8)?;
    // Lower case only: a flipped case bit must not give the same number.
    hex.iter()
        .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(b))
        .then_some((body, hex))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn crc32_of_the_standard_check_string() {
        assert_eq!(crc32(&[b"123456789"]), 0xCBF4_3926);
        assert_eq!(crc32(&[b"1234", b"56789"]), 0xCBF4_3926);
    }

    #[test]
    fn a_sealed_object_is_json_and_every_flipped_bit_is_caught() {
        let sealed = seal(r#"{"seq":3,"op":"undo","t":4}"#, b"seed");
        let v: serde_json::Value = serde_json::from_str(&sealed).unwrap();
        assert_eq!(v["seq"], 3);
        assert_eq!(
            unseal(sealed.as_bytes(), b"seed").unwrap(),
            br#"{"seq":3,"op":"undo","t":4}"#
        );
        assert!(unseal(sealed.as_bytes(), b"other").is_none());
        let bytes = sealed.as_bytes();
        for i in 0..bytes.len() {
            for bit in 0..8 {
                let mut b = bytes.to_vec();
                b[i] ^= 1 << bit;
                assert!(unseal(&b, b"seed").is_none(), "byte {i} bit {bit}");
            }
        }
    }
}

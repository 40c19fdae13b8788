//! The name a Sudoku Explainer hint gives itself (its `getName()`, what serate's `%R %P %D`
//! print and what every view of an SE step shows) and its short name (`getShortName()`,
//! serate's `%S %T %U`), from what the hint found: typed, never read back from a text.
//!
//! A chain hint's name is not the first word of its text: SE writes `Cell Forcing Chains:
//! r1c2 ==> r3c4.5 on` for a hint it names `Dynamic Cell Forcing Chains`, and `Contradiction
//! Forcing Chain: ...` for `Dynamic Contradiction Forcing Chains (+)`.

use std::fmt;

/// Which chain rule found a chain hint (SE's `Chaining` with its flags).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChainRule {
    /// Multiple forcing chains (cell and region chains, not dynamic).
    Multiple,
    /// Nishio forcing chains.
    Nishio,
    /// Dynamic forcing chains at a nesting level: 0 plain, 1 `(+)`, 2-4 nested.
    Dynamic(u8),
}

/// What a chain hint of the multiple and dynamic rules concludes from.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum ChainsKind {
    /// A Nishio chain: the candidate's value leads to a contradiction (`Forcing`).
    Nishio,
    /// Both states of a candidate lead to a contradiction (`Contradiction Forcing`).
    Contradiction,
    /// Both states of a candidate imply the same (`Double Forcing`).
    Double,
    /// Every value of a cell implies the same (`Cell Forcing`).
    Cell,
    /// Every position of a value in a house implies the same (`Region Forcing`).
    Region,
}

/// The name of an SE hint (see the module docs). Set sizes and counts are SE's: `Naked(3)` is
/// `Naked Triplet`.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub enum SeName {
    HiddenSingle,
    NakedSingle,
    /// `Direct Pointing` (from a block) or `Direct Claiming`.
    DirectLocking {
        pointing: bool,
    },
    /// `Direct Hidden Pair` (2) or `Direct Hidden Triplet` (3).
    DirectHidden(u8),
    /// `Pointing` or `Claiming`.
    Locking {
        pointing: bool,
    },
    /// `X-Wing` (2), `Swordfish` (3), `Jellyfish` (4).
    Fish(u8),
    /// `Naked Pair` ... `Naked Quad`.
    Naked(u8),
    /// `Hidden Pair` ... `Hidden Quad`.
    Hidden(u8),
    /// A chain of strong links (SE's `StrongLinksHint`, also its turbot fish): how many links,
    /// how many of them grouped, the link kinds in SE's normal form (0 block, 1 line, 2 the
    /// other line), and whether it closes into a loop.
    StrongLinks {
        links: u8,
        grouped: u8,
        kinds: [u8; 6],
        ring: bool,
    },
    XYWing,
    XYZWing,
    /// `WXYZ-Wing` (4 cells) ... `TUVWXYZ-Wing` (7), with SE's suffix: a double link (2, else
    /// 1), the biggest cell's candidate count and the wing's candidate count.
    Wing {
        cells: u8,
        double: bool,
        biggest: u8,
        size: u8,
    },
    /// `Unique Rectangle type 1` (4 cells) or `Unique Loop 6 type 2`.
    UniqueLoop {
        cells: u8,
        kind: u8,
    },
    /// `BUG type 1` ... `BUG type 4`.
    Bug(u8),
    /// `Aligned Pair Exclusion` (2) or `Aligned Triplet Exclusion` (3).
    Aligned(u8),
    /// A bidirectional cycle: X-links, Y-links or both; an X-cycle of four cells is a
    /// `Generalized X-Wing`.
    Cycle {
        x: bool,
        y: bool,
        four_cells: bool,
    },
    /// A forcing X-, Y- or XY-chain; an X-chain of six literals is a `Turbot Fish`.
    ForcingChain {
        x: bool,
        y: bool,
        turbot: bool,
    },
    /// A hint of the multiple, Nishio or dynamic chain rules.
    Chains {
        rule: ChainRule,
        kind: ChainsKind,
    },
}

const SETS: [&str; 3] = ["Pair", "Triplet", "Quad"];
const SETS_SHORT: [&str; 3] = ["P", "T", "Q"];
const WINGS: [&str; 4] = ["WXYZ", "VWXYZ", "UVWXYZ", "TUVWXYZ"];
const WINGS_SHORT: [&str; 4] = ["WXY", "VXY", "UXY", "TXY"];

fn set(n: u8, names: &[&'static str; 3]) -> &'static str {
    names[usize::from(n.clamp(2, 4)) - 2]
}

impl SeName {
    /// SE's short name (`getShortName()`: `HS`, `Po`, `DCFC`, `gSS111` ...).
    pub fn short(&self) -> String {
        use SeName as N;
        match *self {
            N::HiddenSingle => "HS".into(),
            N::NakedSingle => "NS".into(),
            N::DirectLocking { pointing } => if pointing { "DP" } else { "DC" }.into(),
            N::DirectHidden(n) => format!("D{}", set(n, &SETS_SHORT)),
            N::Locking { pointing } => if pointing { "Po" } else { "Cl" }.into(),
            N::Fish(n) => ["XW", "SF", "JF"][usize::from(n.clamp(2, 4)) - 2].into(),
            N::Naked(n) => format!("N{}", set(n, &SETS_SHORT)),
            N::Hidden(n) => format!("H{}", set(n, &SETS_SHORT)),
            N::StrongLinks { links, grouped, .. } => {
                let (zero, two) = self.link_kinds();
                let head = if matches!(self, N::StrongLinks { ring: true, .. }) {
                    format!("{links}XL")
                } else if !zero && !two {
                    if links < 3 {
                        "SS".to_string()
                    } else {
                        format!("{links}SS")
                    }
                } else if zero || links > 3 {
                    format!("{links}SL")
                } else {
                    format!("{links}SK")
                };
                let g = if grouped > 0 { "g" } else { "" };
                format!("{g}{head}{}", self.suffix())
            }
            N::XYWing => "XYW".into(),
            N::XYZWing => "XYZW".into(),
            N::Wing { cells, .. } => {
                format!("{}{}", WINGS_SHORT[wing_index(cells)], self.suffix())
            }
            N::UniqueLoop { cells, kind } => {
                let shape = if cells == 4 { "R" } else { "L" };
                let size = if cells > 4 {
                    cells.to_string()
                } else {
                    String::new()
                };
                format!("U{shape}{size}{kind}")
            }
            N::Bug(n) => format!("BUG{n}"),
            N::Aligned(n) => if n == 2 { "APE" } else { "ATE" }.into(),
            N::Cycle { x, y, four_cells } => match (x, y) {
                (true, true) => "BiCy",
                (false, true) => "BiYCy",
                _ if four_cells => "GXW",
                _ => "BiXCy",
            }
            .into(),
            N::ForcingChain { x, y, turbot } => match (x, y) {
                (true, true) => "FC",
                (false, true) => "FYC",
                _ if turbot => "TF",
                _ => "FXC",
            }
            .into(),
            N::Chains { rule, kind } => {
                let prefix = match rule {
                    ChainRule::Multiple => "",
                    ChainRule::Nishio => "N",
                    ChainRule::Dynamic(_) => "D",
                };
                let body = match kind {
                    ChainsKind::Nishio => "F",
                    ChainsKind::Contradiction => "CF",
                    ChainsKind::Double => "dF",
                    ChainsKind::Cell => "LF",
                    ChainsKind::Region => "RF",
                };
                let nested = match rule {
                    ChainRule::Dynamic(level) => short_nested(level),
                    _ => String::new(),
                };
                format!("{prefix}{body}C{nested}")
            }
        }
    }

    /// SE's suffix of a strong-link chain (`0011`) or a wing (`126`), else empty.
    pub fn suffix(&self) -> String {
        match *self {
            SeName::StrongLinks {
                links,
                grouped,
                kinds,
                ..
            } => {
                let mut s = grouped.to_string();
                for k in &kinds[..usize::from(links).min(6)] {
                    s.push(char::from(b'0' + k));
                }
                s
            }
            SeName::Wing {
                double,
                biggest,
                size,
                ..
            } => format!("{}{biggest}{size}", if double { 2 } else { 1 }),
            _ => String::new(),
        }
    }

    /// Whether a strong-link chain's kinds hold a block link (0) and a link of the other line
    /// (2).
    fn link_kinds(&self) -> (bool, bool) {
        match *self {
            SeName::StrongLinks { links, kinds, .. } => {
                let kinds = &kinds[..usize::from(links).min(6)];
                (kinds.contains(&0), kinds.contains(&2))
            }
            _ => (false, false),
        }
    }
}

fn wing_index(cells: u8) -> usize {
    usize::from(cells.clamp(4, 7)) - 4
}

/// SE's `getNestedSuffix`.
fn nested(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => " (+)".into(),
        2 => " (+ Forcing Chains)".into(),
        3 => " (+ Multiple Forcing Chains)".into(),
        4 => " (+ Dynamic Forcing Chains)".into(),
        l => format!(" (+ Dynamic Forcing Chains{})", nested(l - 3)),
    }
}

/// SE's `getShortNestedSuffix`.
fn short_nested(level: u8) -> String {
    match level {
        0 => String::new(),
        1 => "+".into(),
        2 => "+FC".into(),
        3 => "+MFC".into(),
        4 => "+DFC".into(),
        l => format!("+DFC{}", short_nested(l - 3)),
    }
}

/// SE's name (`getName()`).
impl fmt::Display for SeName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SeName as N;
        match *self {
            N::HiddenSingle => f.write_str("Hidden Single"),
            N::NakedSingle => f.write_str("Naked Single"),
            N::DirectLocking { pointing } => f.write_str(if pointing {
                "Direct Pointing"
            } else {
                "Direct Claiming"
            }),
            N::DirectHidden(n) => write!(f, "Direct Hidden {}", set(n, &SETS)),
            N::Locking { pointing } => f.write_str(if pointing { "Pointing" } else { "Claiming" }),
            N::Fish(n) => {
                f.write_str(["X-Wing", "Swordfish", "Jellyfish"][usize::from(n.clamp(2, 4)) - 2])
            }
            N::Naked(n) => write!(f, "Naked {}", set(n, &SETS)),
            N::Hidden(n) => write!(f, "Hidden {}", set(n, &SETS)),
            N::StrongLinks {
                links,
                grouped,
                ring,
                ..
            } => {
                let (zero, two) = self.link_kinds();
                let g = if grouped > 0 { "Grouped " } else { "" };
                let sfx = self.suffix();
                if ring {
                    return write!(f, "({links} Strong Links) {g}X-Loop {sfx}");
                }
                let name = if !zero && !two {
                    if links < 3 {
                        "Skyscraper".to_string()
                    } else {
                        format!("{links} Skyscrapers")
                    }
                } else if !zero && links < 4 {
                    format!("{links}-String Kite")
                } else {
                    format!("{links} Strong links")
                };
                write!(f, "{g}{name} {sfx}")
            }
            N::XYWing => f.write_str("XY-Wing"),
            N::XYZWing => f.write_str("XYZ-Wing"),
            N::Wing { cells, .. } => {
                write!(f, "{}-Wing {}", WINGS[wing_index(cells)], self.suffix())
            }
            N::UniqueLoop { cells, kind } => {
                if cells == 4 {
                    write!(f, "Unique Rectangle type {kind}")
                } else {
                    write!(f, "Unique Loop {cells} type {kind}")
                }
            }
            N::Bug(n) => write!(f, "BUG type {n}"),
            N::Aligned(n) => f.write_str(if n == 2 {
                "Aligned Pair Exclusion"
            } else {
                "Aligned Triplet Exclusion"
            }),
            N::Cycle { x, y, four_cells } => f.write_str(match (x, y) {
                (true, true) => "Bidirectional Cycle",
                (false, true) => "Bidirectional Y-Cycle",
                _ if four_cells => "Generalized X-Wing",
                _ => "Bidirectional X-Cycle",
            }),
            N::ForcingChain { x, y, turbot } => f.write_str(match (x, y) {
                (true, true) => "Forcing Chain",
                (false, true) => "Forcing Y-Chain",
                _ if turbot => "Turbot Fish",
                _ => "Forcing X-Chain",
            }),
            N::Chains { rule, kind } => {
                let prefix = match rule {
                    ChainRule::Multiple => "",
                    ChainRule::Nishio => "Nishio ",
                    ChainRule::Dynamic(_) => "Dynamic ",
                };
                let body = match kind {
                    ChainsKind::Nishio => "Forcing",
                    ChainsKind::Contradiction => "Contradiction Forcing",
                    ChainsKind::Double => "Double Forcing",
                    ChainsKind::Cell => "Cell Forcing",
                    ChainsKind::Region => "Region Forcing",
                };
                let level = match rule {
                    ChainRule::Dynamic(level) => level,
                    _ => 0,
                };
                write!(f, "{prefix}{body} Chains{}", nested(level))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chain_hints_are_named_as_se_names_them() {
        let n = |rule, kind| SeName::Chains { rule, kind };
        let cell = n(ChainRule::Dynamic(0), ChainsKind::Cell);
        assert_eq!(cell.to_string(), "Dynamic Cell Forcing Chains");
        assert_eq!(cell.short(), "DLFC");
        let contradiction = n(ChainRule::Dynamic(1), ChainsKind::Contradiction);
        assert_eq!(
            contradiction.to_string(),
            "Dynamic Contradiction Forcing Chains (+)"
        );
        assert_eq!(contradiction.short(), "DCFC+");
        let nishio = n(ChainRule::Nishio, ChainsKind::Nishio);
        assert_eq!(nishio.to_string(), "Nishio Forcing Chains");
        assert_eq!(nishio.short(), "NFC");
        let region = n(ChainRule::Multiple, ChainsKind::Region);
        assert_eq!(region.to_string(), "Region Forcing Chains");
        assert_eq!(region.short(), "RFC");
        let nested = n(ChainRule::Dynamic(3), ChainsKind::Double);
        assert_eq!(
            nested.to_string(),
            "Dynamic Double Forcing Chains (+ Multiple Forcing Chains)"
        );
        assert_eq!(nested.short(), "DdFC+MFC");
    }

    #[test]
    fn patterns_carry_their_suffixes() {
        let links = SeName::StrongLinks {
            links: 3,
            grouped: 0,
            kinds: [0, 1, 1, 0, 0, 0],
            ring: false,
        };
        assert_eq!(links.to_string(), "3 Strong links 0011");
        assert_eq!(links.short(), "3SL0011");
        let grouped = SeName::StrongLinks {
            links: 2,
            grouped: 1,
            kinds: [1, 1, 0, 0, 0, 0],
            ring: false,
        };
        assert_eq!(grouped.to_string(), "Grouped Skyscraper 111");
        assert_eq!(grouped.short(), "gSS111");
        let wing = SeName::Wing {
            cells: 5,
            double: true,
            biggest: 2,
            size: 8,
        };
        assert_eq!(wing.to_string(), "VWXYZ-Wing 228");
        assert_eq!(wing.short(), "VXY228");
        assert_eq!(SeName::Locking { pointing: true }.short(), "Po");
        assert_eq!(SeName::DirectHidden(2).short(), "DP");
        assert_eq!(
            SeName::UniqueLoop { cells: 6, kind: 2 }.to_string(),
            "Unique Loop 6 type 2"
        );
    }
}

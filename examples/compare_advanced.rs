//! Developer tool: checks the advanced finders (orders 2800..=5500) against a dump of HoDoKu's
//! solution paths. Each input line is `ORDER \t TYPE \t ELIMS \t PLACEMENTS \t STATE`, where TYPE
//! is HoDoKu's `SolutionType` enum name, ELIMS sorted `drc` triplets and STATE a library line
//! (`:0000:x:<grid>:<deleted>::`) of the position before the step.
//!
//! For every state: each registered finder with an order in 2800..ORDER must find nothing, and
//! when ORDER is one of ours the finder of that slot must return the same technique and the same
//! eliminations. Prints a summary and the first mismatches.
//!
//! `cargo run --release --example compare_advanced -- dump.tsv`

use std::collections::BTreeMap;
use termdoku::domain::{Board, Cell, Digit};
use termdoku::solver::finder::{self, Finder};
use termdoku::solver::techniques::{finders, single_digit, Context};
use termdoku::solver::{Grid, Technique};

fn hodoku_enum(t: Technique) -> &'static str {
    match t {
        Technique::RemotePair => "REMOTE_PAIR",
        Technique::BugPlus1 => "BUG_PLUS_1",
        Technique::Skyscraper => "SKYSCRAPER",
        Technique::TwoStringKite => "TWO_STRING_KITE",
        Technique::DualTwoStringKite => "DUAL_TWO_STRING_KITE",
        Technique::TurbotFish => "TURBOT_FISH",
        Technique::EmptyRectangle => "EMPTY_RECTANGLE",
        Technique::DualEmptyRectangle => "DUAL_EMPTY_RECTANGLE",
        Technique::WWing => "W_WING",
        Technique::XyWing => "XY_WING",
        Technique::XyzWing => "XYZ_WING",
        Technique::Uniqueness1 => "UNIQUENESS_1",
        Technique::Uniqueness2 => "UNIQUENESS_2",
        Technique::Uniqueness3 => "UNIQUENESS_3",
        Technique::Uniqueness4 => "UNIQUENESS_4",
        Technique::Uniqueness5 => "UNIQUENESS_5",
        Technique::Uniqueness6 => "UNIQUENESS_6",
        Technique::HiddenRectangle => "HIDDEN_RECTANGLE",
        Technique::AvoidableRectangle1 => "AVOIDABLE_RECTANGLE_1",
        Technique::AvoidableRectangle2 => "AVOIDABLE_RECTANGLE_2",
        Technique::SimpleColorsTrap => "SIMPLE_COLORS_TRAP",
        Technique::SimpleColorsWrap => "SIMPLE_COLORS_WRAP",
        Technique::MultiColors1 => "MULTI_COLORS_1",
        Technique::MultiColors2 => "MULTI_COLORS_2",
        Technique::XChain => "X_CHAIN",
        Technique::XyChain => "XY_CHAIN",
        Technique::SueDeCoq => "SUE_DE_COQ",
        Technique::AlsXz => "ALS_XZ",
        Technique::AlsXyWing => "ALS_XY_WING",
        Technique::AlsXyChain => "ALS_XY_CHAIN",
        Technique::DeathBlossom => "DEATH_BLOSSOM",
        t if is_fish_or_template(t) => fish_enum(t),
        _ => "OTHER",
    }
}

/// The fish (basic sizes 5-7, Franken, Mutant) and the template techniques: HoDoKu's enum name
/// is the English name in capitals with `_` for spaces and dashes (`FINNED_FRANKEN_X_WING`).
fn is_fish_or_template(t: Technique) -> bool {
    matches!(t.order(), 2500..=2700 | 4700..=5200 | 6100..=8400 | 8700 | 8800)
}

fn fish_enum(t: Technique) -> &'static str {
    use std::sync::OnceLock;
    static NAMES: OnceLock<Vec<String>> = OnceLock::new();
    let names = NAMES.get_or_init(|| {
        Technique::ALL
            .iter()
            .map(|t| match t {
                Technique::TemplateDelete => "TEMPLATE_DEL".to_string(),
                _ => t.name().to_uppercase().replace([' ', '-'], "_"),
            })
            .collect()
    });
    &names[t as usize]
}

fn parse_state(line: &str) -> Grid {
    let f: Vec<&str> = line.split(':').collect();
    let mut values = [None; 81];
    let (mut i, mut placed) = (0, false);
    for ch in f[3].chars() {
        match ch {
            '+' => placed = true,
            '.' | '0' => {
                i += 1;
                placed = false;
            }
            _ => {
                values[i] = Some((Digit::from_char(ch).expect("digit"), !placed));
                i += 1;
                placed = false;
            }
        }
    }
    let mut board = Board::from_values(&values);
    for t in f[4].split_whitespace() {
        let b = t.as_bytes();
        board.eliminate(
            Cell::from_rc((b[1] - b'1') as usize, (b[2] - b'1') as usize),
            Digit::from_char(b[0] as char).expect("digit"),
        );
    }
    Grid::from_board(&board)
}

fn main() {
    let path = std::env::args()
        .nth(1)
        .expect("usage: compare_advanced DUMP.tsv");
    let text = std::fs::read_to_string(&path).expect("read dump");
    let ctx = Context {
        unique: true,
        ..Context::default()
    };
    let mut same: BTreeMap<String, (usize, usize)> = BTreeMap::new();
    let mut early: BTreeMap<String, usize> = BTreeMap::new();
    let mut shown = 0;
    let mut texts: BTreeMap<String, String> = BTreeMap::new();
    let mut time = BTreeMap::<u32, f64>::new();
    let mut worst = BTreeMap::<u32, f64>::new();
    for line in text.lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        if cols[0].parse::<u32>().is_err() {
            // Per-finder mode: TYPE \t NONE \t STATE  or  TYPE \t FOUND \t ELIMS \t STATE.
            let ty = cols[0];
            let (found, elims, state) = match cols.len() {
                3 => ("NONE", "", cols[2]),
                4 => (cols[1], cols[2], cols[3]),
                _ => continue,
            };
            // The dual patterns have no slot (off in HoDoKu's default configuration).
            let (order, find): (u32, Finder<Context>) = match ty {
                "DUAL_TWO_STRING_KITE" => (3101, single_digit::find_dual_two_string_kite),
                "DUAL_EMPTY_RECTANGLE" => (3171, single_digit::find_dual_empty_rectangle),
                _ => match finders()
                    .find(|(f, _)| f.techniques.iter().any(|&t| hodoku_enum(t) == ty))
                {
                    Some((f, find)) => (f.order, find),
                    None => continue,
                },
            };
            let grid = parse_state(state);
            let t0 = std::time::Instant::now();
            let step = finder::first(find, &grid, &ctx);
            let dt = t0.elapsed().as_secs_f64();
            *time.entry(order).or_default() += dt;
            let w = worst.entry(order).or_default();
            *w = w.max(dt);
            let key = format!("{ty} ({})", if found == "NONE" { "none" } else { "found" });
            let e = same.entry(key).or_default();
            e.1 += 1;
            let ours = step
                .as_ref()
                .map(|s| (hodoku_enum(s.hodoku_equivalent()).to_string(), elims_of(s)));
            let theirs = (found != "NONE").then(|| (found.to_string(), elims.to_string()));
            if ours == theirs {
                e.0 += 1;
                if let Some(s) = step {
                    texts.entry(found.to_string()).or_insert(s.text);
                }
            } else if shown < 40 {
                shown += 1;
                println!("PER-FINDER {ty}: hodoku {theirs:?} ours {ours:?}\n   {state}");
            }
            continue;
        }
        if cols.len() < 5 {
            continue;
        }
        let order: u32 = cols[0].parse().expect("order");
        let (ty, elims, state) = (cols[1], cols[2], cols[4]);
        let grid = parse_state(state);
        let mut fired_early = false;
        for (f, find) in finders().filter(|(f, _)| f.order >= 2800 && f.order <= order) {
            let t0 = std::time::Instant::now();
            let step = finder::first(find, &grid, &ctx);
            let dt = t0.elapsed().as_secs_f64();
            *time.entry(f.order).or_default() += dt;
            let w = worst.entry(f.order).or_default();
            *w = w.max(dt);
            if f.order < order {
                if let Some(s) = step {
                    *early
                        .entry(format!("{:?} before {ty}", s.technique))
                        .or_default() += 1;
                    if shown < 15 {
                        shown += 1;
                        println!(
                            "EARLY {:?} [{}] {}\n   hodoku {ty} {elims}\n   {state}",
                            s.technique,
                            s.text,
                            elims_of(&s)
                        );
                    }
                    fired_early = true;
                    break;
                }
            } else if f.techniques.iter().any(|&t| hodoku_enum(t) != "OTHER") {
                let e = same.entry(ty.to_string()).or_default();
                e.1 += 1;
                match step {
                    Some(s)
                        if hodoku_enum(s.hodoku_equivalent()) == ty && elims_of(&s) == elims =>
                    {
                        e.0 += 1;
                        texts.entry(ty.to_string()).or_insert(s.text);
                    }
                    other => {
                        if shown < 40 {
                            shown += 1;
                            match other {
                                Some(s) => println!(
                                    "DIFF {ty} {elims}\n   ours {:?} {} [{}]\n   {state}",
                                    s.technique,
                                    elims_of(&s),
                                    s.text
                                ),
                                None => println!("MISS {ty} {elims}\n   {state}"),
                            }
                        }
                    }
                }
            }
        }
        let _ = fired_early;
    }
    println!("--- same step per HoDoKu technique (same/total)");
    for (k, (a, n)) in &same {
        println!("{k:24} {a}/{n}");
    }
    println!("--- a sample text per technique");
    for t in texts.values() {
        println!("{t}");
    }
    println!("--- our finder fired before HoDoKu's step");
    for (k, n) in &early {
        println!("{k:40} {n}");
    }
    println!("--- time per finder slot (s, total; worst call in ms)");
    for (k, t) in &time {
        println!(
            "{k:6} {t:.3} {:.2}",
            worst.get(k).copied().unwrap_or(0.0) * 1e3
        );
    }
}

fn elims_of(s: &termdoku::solver::Step) -> String {
    let list = if s.eliminations.is_empty() {
        &s.placements
    } else {
        &s.eliminations
    };
    let mut e: Vec<(Digit, Cell)> = list.iter().map(|c| (c.digit, c.cell)).collect();
    e.sort();
    e.dedup();
    e.iter()
        .map(|(d, c)| format!("{d}{}{}", c.row() + 1, c.col() + 1))
        .collect::<Vec<_>>()
        .join(" ")
}

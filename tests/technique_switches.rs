//! Technique switches: `--techniques` / `--list-techniques` on the command line, `[solver]` in
//! `config.toml`, and the engine functions that take a `SlotSet`.

use std::path::Path;
use std::process::{Command, Output};

use termdoku::codec::decode_any;
use termdoku::solver::engine::{next_step, next_step_with, rate, rate_with};
use termdoku::solver::technique::SLOTS;
use termdoku::solver::techniques::SlotSet;
use termdoku::solver::Technique;
use termdoku::storage::{Config, ConfigError};

const PUZZLE: &str =
    "....8.......5.2.....3...1...5.....2.8...9...66..375..9.15.2.83.....5.......739...";
/// A state on HoDoKu's path where Template Set places 1 in r4c6 (hodoku-py).
const TEMPLATE_SET_STATE: &str = ":0000:x:.78.4+56..6.+1...59.5.+261............9+7194.235.2..........+7.38.+65+865..+4+9.3+1+23+59+648+7:::";

fn run(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_termdoku"))
        .args(args)
        .output()
        .expect("run termdoku")
}

fn out(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

#[test]
fn list_techniques_shows_every_technique_with_its_switch() {
    let o = run(&["rate", "--list-techniques", "--techniques", "+kf,-ff2"]);
    assert!(o.status.success());
    let text = out(&o);
    assert_eq!(text.lines().count(), Technique::ALL.len());
    assert!(
        text.contains("0330\tff2\tFranken X-Wing\tUnfair\t300\toff\n"),
        "{text}"
    );
    assert!(text.contains("0331\tff3\tFranken Swordfish\tUnfair\t350\ton\n"));
    assert!(text.contains("0371\tkf1 (kf)\tKraken Fish Type 1\tExtreme\t500\ton\n"));
    assert!(text.contains("1201\tts\tTemplate Set\tExtreme\t10000\toff\n"));
    // Without --level, generate lists too.
    assert!(run(&["generate", "--list-techniques"]).status.success());
}

#[test]
fn switched_off_singles_change_the_hint_and_rate_and_steps_say_so() {
    let default = out(&run(&["hint", PUZZLE]));
    assert!(default.starts_with(":0003:"), "{default}");
    let o = run(&["hint", "--techniques", "-fh,-n1,-h1", PUZZLE]);
    assert!(o.status.success());
    let code = &out(&o)[1..5];
    assert!(!["0000", "0002", "0003"].contains(&code), "{}", out(&o));

    let rated = out(&run(&["rate", "--techniques=-fh,-n1,-h1", PUZZLE]));
    assert!(
        rated.trim_end().ends_with("\ttechniques -fh,-n1,-h1"),
        "{rated}"
    );
    assert_eq!(out(&run(&["rate", PUZZLE])).split('\t').count(), 2);
    let steps = out(&run(&["steps", "--techniques", "+ts", PUZZLE]));
    let lines: Vec<&str> = steps.lines().collect();
    assert_eq!(lines[lines.len() - 2], "techniques\t+ts");
    assert!(!out(&run(&["steps", PUZZLE])).contains("techniques"));
}

#[test]
fn unknown_technique_names_are_refused_with_their_names() {
    let o = run(&["rate", "--techniques", "+kf,+nope", PUZZLE]);
    assert_eq!(o.status.code(), Some(2));
    assert!(o.stdout.is_empty());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.contains("unknown technique `+nope` (item 2"), "{err}");
}

#[test]
fn the_engine_takes_the_switches() {
    let board = decode_any(TEMPLATE_SET_STATE).unwrap().board;
    let others: Vec<&str> = SLOTS.iter().map(|s| s.arg).filter(|&a| a != "ts").collect();
    let (only_ts, bad) = SlotSet::from_lists(["ts"], &others);
    assert!(bad.is_empty());
    let s = next_step_with(&board, only_ts).expect("template set");
    assert_eq!(s.technique, Technique::TemplateSet);
    assert_eq!(s.text, "Template Set: r4c6=1");
    assert_ne!(
        next_step(&board).and_then(|s| s.technique.hodoku()),
        Some(Technique::TemplateSet)
    );
    // Defaults through the old functions and the new ones agree.
    let p = decode_any(PUZZLE).unwrap().board;
    assert_eq!(rate(&p), rate_with(&p, SlotSet::defaults()));
    // No technique at all: nothing is found and the rating is incomplete.
    let (none, _) = SlotSet::from_lists::<[&str; 0], _>([], SLOTS.iter().map(|s| s.arg));
    assert!(next_step_with(&p, none).is_none());
    assert!(!rate_with(&p, none).solved);
}

#[test]
fn config_solver_section_applies_and_lists_bad_names() {
    let text = "[solver]\nenable = [\"kf\", \"ts\", \"zz\"]\ndisable = [\"fn\", \"ff2\"]\n";
    let (cfg, errors) = Config::parse(text, Path::new("config.toml"));
    assert_eq!(
        cfg.solver.describe_changes().as_deref(),
        Some("-ff2,+kf,-fn,+ts")
    );
    assert_eq!(errors.len(), 1, "{errors:?}");
    match &errors[0] {
        ConfigError::BadValue { key, message, .. } => {
            assert_eq!(key, "solver.enable");
            assert!(message.contains("`zz`"), "{message}");
        }
        e => panic!("{e:?}"),
    }
    let (cfg, errors) = Config::parse("[solver]\nswitch = 1\n", Path::new("c.toml"));
    assert_eq!(cfg.solver, SlotSet::defaults());
    assert!(matches!(&errors[0], ConfigError::UnknownKey { key, .. } if key == "solver.switch"));
    let (_, errors) = Config::parse("solver = 3\n", Path::new("c.toml"));
    assert!(matches!(&errors[0], ConfigError::BadValue { key, .. } if key == "solver"));
}

//! `--techniques +kf,+db,-fn` and `--list-techniques`, shared by `hint`, `steps`, `rate` and
//! `generate`: HoDoKu's techniques switched on or off by their short names, on top of HoDoKu's
//! defaults.

use std::io::{self, Write};
use std::process::ExitCode;

use crate::cli::open::refuse_given;
use crate::solver::technique::Technique;
use crate::solver::techniques::{parse_switches, SlotSet};

#[derive(clap::Args, Debug, Default, Clone)]
pub struct TechniqueArgs {
    /// Switch techniques on (+) or off (-) by HoDoKu's short names, on top of HoDoKu's defaults:
    /// `+kf,+db,-fn` (slot names such as nl, gnl, sc, mc, kf, fc, fn, or a technique's name such
    /// as bf5, fff4, ts). See --list-techniques.
    #[arg(long, value_name = "LIST", allow_hyphen_values = true)]
    pub techniques: Option<String>,
    /// List every technique (code, short name, name, level, score, on/off) and exit.
    #[arg(long)]
    pub list_techniques: bool,
}

impl TechniqueArgs {
    /// The switches in force, or the exit code after a message on stderr (`cmd` labels it).
    pub fn slots(&self, cmd: &str) -> Result<SlotSet, ExitCode> {
        let mut set = SlotSet::defaults();
        if let Some(spec) = &self.techniques {
            let (changes, bad) = parse_switches(spec);
            if !bad.is_empty() {
                for b in &bad {
                    eprintln!("termdoku {cmd}: --techniques: {b}");
                }
                return Err(ExitCode::from(2));
            }
            set.apply(&changes);
        }
        Ok(set)
    }

    /// With `--list-techniques`, refuses the first of `flags` (name, given) that is given: the
    /// list is printed alone and the command exits.
    pub fn refuse_with_list(&self, cmd: &str, flags: &[(&str, bool)]) -> Result<(), ExitCode> {
        if !self.list_techniques {
            return Ok(());
        }
        refuse_given(
            cmd,
            flags,
            "cannot be used with --list-techniques (it lists the techniques and exits)",
        )
    }

    /// Handles `--list-techniques`: prints the list and returns the exit code, else `None`.
    pub fn list_if_asked(&self, cmd: &str) -> Option<ExitCode> {
        if !self.list_techniques {
            return None;
        }
        let set = match self.slots(cmd) {
            Ok(s) => s,
            Err(code) => return Some(code),
        };
        let mut text = Vec::new();
        list(&mut text, set).expect("writing into memory");
        Some(crate::cli::output::emit(cmd, &text))
    }
}

/// One line per technique in search order: `code TAB short name TAB name TAB level TAB score TAB
/// on|off`. A slot that yields several techniques (nice loops, colours, forcing chains ...) is
/// switched as a whole: by its slot name (`nl`) or by any of its techniques' names.
pub fn list(out: &mut impl Write, set: SlotSet) -> io::Result<()> {
    for t in Technique::ALL {
        let slot = t.slot();
        let arg = if slot.techniques.len() > 1 {
            format!("{} ({})", t.arg(), slot.arg)
        } else {
            t.arg().to_string()
        };
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}",
            t.code(),
            arg,
            t.name(),
            t.level(),
            t.base_score(),
            if set.contains(slot) { "on" } else { "off" }
        )?;
    }
    Ok(())
}

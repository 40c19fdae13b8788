//! `scripts/kill-loop` against the built player: it types in tmux and ends the player with each
//! signal in turn (KILL, TERM, HUP, INT, QUIT) and by closing its terminal, and checks that at
//! most the move being typed is lost and that every way but KILL ends the player with the final
//! save. Six ends by default; `--ignored` runs 120. Needs tmux and python3.

use std::process::Command;

fn kill_loop(kills: u32) {
    let root = env!("CARGO_MANIFEST_DIR");
    let out = Command::new("bash")
        .arg(format!("{root}/scripts/kill-loop"))
        .arg(kills.to_string())
        .env("KILL_LOOP_BIN", env!("CARGO_BIN_EXE_termdoku"))
        .env("KILL_LOOP_SIGNALS", "KILL TERM HUP INT QUIT CLOSE")
        .output()
        .expect("bash runs scripts/kill-loop");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        !text.contains("not installed"),
        "scripts/kill-loop needs tmux and python3: {text}"
    );
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains(&format!("kill-loop: {kills} kills")),
        "{text}"
    );
}

#[test]
fn six_ends_of_the_player_lose_at_most_the_move_being_typed() {
    kill_loop(6);
}

#[test]
#[ignore = "120 ends of the player in tmux (about five minutes)"]
fn a_hundred_and_twenty_ends_of_the_player_lose_at_most_the_move_being_typed() {
    kill_loop(120);
}

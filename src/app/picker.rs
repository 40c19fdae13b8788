//! The collection picker: one entry per puzzle line (number, level, SE rating, the whole line as
//! far as the width allows), PageUp/PageDown and Home/End (`g`/`G`) from [`super::nav`], digits
//! that go to a puzzle number, `/` that searches the lines, and a level filter (`f`) kept
//! between runs. While it is open the collection's puzzles are rated in the background, nearest
//! the selection first, and the level column fills in as the ratings arrive. An entry whose
//! puzzle is a morph of an earlier entry's (the same canonical form, docs/minlex.md) is marked
//! `same as #N`, found in the background when the picker first opens on the collection. Each
//! entry's Sudoku Explainer rating, its order by ER and the ER filter are [`super::picker_se`]'s.

use super::{App, Effect, MenuChoice, MenuKind, Overlay};
use crate::solver::Level;
use std::collections::{BTreeMap, BTreeSet, HashMap};

/// What the picker's typing is doing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Input {
    #[default]
    None,
    /// Digits typed: go to that puzzle number.
    Number(String),
    /// `/` and text: go to the next line containing it.
    Search(String),
    /// `e` and text: the ER filter, applied by Enter (`why`: the last text that did not read).
    Er { text: String, why: Option<String> },
}

/// The picker's state besides its menu: this module's, but for its SE part
/// ([`super::picker_se::SeState`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Picker {
    input: Input,
    /// Only puzzles rated at this level are listed (`f` cycles; kept between runs).
    level: Option<Level>,
    /// Entries rated without a level (several solutions, none, beyond the techniques on).
    no_level: BTreeSet<usize>,
    /// The repeated entries of the collection, once asked for.
    duplicates: Option<Duplicates>,
    /// The SE ratings of the collection's entries, their order and the ER filter.
    se: super::picker_se::SeState,
}

/// The entries of a collection that repeat an earlier entry in another shape.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Duplicates {
    /// The collection's file.
    pub path: String,
    /// Entry -> the first entry with the same canonical form; `None` while being searched.
    pub of: Option<BTreeMap<usize, usize>>,
}

impl Picker {
    /// Only puzzles rated at this level are listed.
    pub fn level(&self) -> Option<Level> {
        self.level
    }

    /// The level filter of the last run (read at start).
    pub fn restore_level(&mut self, level: Option<Level>) {
        self.level = level;
    }

    /// Entries rated without a level (several solutions, none, beyond the techniques on).
    pub fn no_level(&self) -> &BTreeSet<usize> {
        &self.no_level
    }

    /// The SE ratings of the collection's entries, their order and the ER filter.
    pub fn se(&self) -> &super::picker_se::SeState {
        &self.se
    }

    /// [`Picker::se`], to change through its own methods.
    pub fn se_mut(&mut self) -> &mut super::picker_se::SeState {
        &mut self.se
    }

    /// The earlier entry that entry `i` of the collection `path` repeats, if known.
    pub fn repeats(&self, path: &str, i: usize) -> Option<usize> {
        let d = self.duplicates.as_ref().filter(|d| d.path == path)?;
        d.of.as_ref()?.get(&i).copied()
    }
}

/// Whether a menu entry is a puzzle of the collection that repeats an earlier one (the picker
/// draws it dimmed).
pub fn is_repeat(app: &App, choice: &MenuChoice) -> bool {
    match (app.collection(), choice) {
        (Some(c), MenuChoice::CollectionEntry(i)) => app.picker.repeats(&c.path, *i).is_some(),
        _ => false,
    }
}

/// The entries of `lines` whose puzzle has the canonical form of an earlier entry's: entry ->
/// the first entry with that form. Lines that are not puzzles are never repeats.
pub fn find_duplicates(lines: &[String]) -> BTreeMap<usize, usize> {
    let mut first: HashMap<[u8; 81], usize> = HashMap::with_capacity(lines.len());
    let mut of = BTreeMap::new();
    for (i, line) in lines.iter().enumerate() {
        let Ok(p) = super::engine::decode(line) else {
            continue;
        };
        let form = crate::codec::minlex::canonical(&p.board);
        let j = *first.entry(form).or_insert(i);
        if j != i {
            of.insert(i, j);
        }
    }
    of
}

/// The background search for repeated entries found them: mark them.
pub fn duplicates_found(app: &mut App, path: &str, of: BTreeMap<usize, usize>) {
    match &mut app.picker.duplicates {
        Some(d) if d.path == path => d.of = Some(of),
        _ => return,
    }
    if is_open(app) {
        refresh(app);
    }
}

/// The search for repeated entries, when the collection has not been searched yet.
fn duplicates_effect(app: &mut App) -> Vec<Effect> {
    let Some(c) = app.origin.collection() else {
        return Vec::new();
    };
    if c.lines.is_empty()
        || app
            .picker
            .duplicates
            .as_ref()
            .is_some_and(|d| d.path == c.path)
    {
        return Vec::new();
    }
    app.picker.duplicates = Some(Duplicates {
        path: c.path.clone(),
        of: None,
    });
    vec![Effect::FindDuplicates {
        path: c.path.clone(),
        lines: super::shared::Shared::new(c.lines.clone()),
    }]
}

/// Whether the open overlay is the picker.
pub fn is_open(app: &App) -> bool {
    matches!(app.ui.overlay.get(), Overlay::Menu(m) if m.kind == MenuKind::Collection)
}

/// Whether the picker takes typed characters (a number or a search is being typed).
pub fn typing(app: &App) -> bool {
    is_open(app) && app.picker.input != Input::None
}

/// Whether the picker's input takes the character `c`: a search takes any, a number digits.
/// Another key ends a number, and goes on to the keymap (Enter opens, `j` moves).
pub fn takes(app: &mut App, c: char) -> bool {
    match &app.picker.input {
        Input::Search(_) | Input::Er { .. } => true,
        Input::Number(_) if c.is_ascii_digit() => true,
        Input::Number(_) => {
            app.picker.input = Input::None;
            refresh(app);
            false
        }
        Input::None => false,
    }
}

/// The picker closes (an entry opened, Esc): what was typed goes with it.
pub fn closed(app: &mut App) {
    app.picker.input = Input::None;
}

/// The picker's entry of a line: `   17  Extreme  9.0/9.0/2.8    ≠ ED 9.1/9.1/2.6  4.3....2..`.
fn label(app: &App, i: usize, line: &str) -> String {
    let c = app.collection();
    let level = match c.and_then(|c| c.levels.get(&i)) {
        Some(l) => l.name().to_string(),
        None if app.picker.no_level.contains(&i) => "-".into(),
        None => "…".into(),
    };
    let se = super::picker_se::cell(app, i, line);
    let repeat = c
        .and_then(|c| app.picker.repeats(&c.path, i))
        .map(|j| format!("same as #{}  ", j + 1))
        .unwrap_or_default();
    format!("{:>5}  {level:<8} {se}{repeat}{}", i + 1, line.trim())
}

/// Opens the picker (or builds it again, keeping the selected puzzle); returns the background
/// work it needs.
pub fn open(app: &mut App) -> Vec<Effect> {
    if app.collection().is_none() {
        return Vec::new();
    }
    let mut fx = duplicates_effect(app);
    fx.extend(rating_effect(app));
    fx.extend(super::picker_se::effect(app));
    build(app);
    fx
}

/// Builds (or rebuilds, keeping the selected puzzle) the picker's menu.
fn build(app: &mut App) {
    if let Some(m) = menu(app) {
        app.ui.overlay.open(Overlay::Menu(m));
    }
}

/// The picker's menu as the state has it (the selection kept on the entry it was on).
fn menu(app: &App) -> Option<super::Menu> {
    let c = app.collection()?;
    let keep = match app.ui.overlay.get() {
        Overlay::Menu(m) if m.kind == MenuKind::Collection => match m.items.get(m.selected) {
            Some((_, MenuChoice::CollectionEntry(i))) => Some(*i),
            _ => None,
        },
        _ => None,
    };
    let level = app.picker.level;
    let mut entries: Vec<usize> = (0..c.lines.len())
        .filter(|i| level.is_none() || c.levels.get(i).copied() == level)
        .filter(|&i| super::picker_se::listed(app, i))
        .collect();
    super::picker_se::sort(app, &mut entries);
    let items: Vec<(String, MenuChoice)> = entries
        .into_iter()
        .map(|i| (label(app, i, &c.lines[i]), MenuChoice::CollectionEntry(i)))
        .collect();
    let want = keep.unwrap_or(c.index);
    let entry_at = |k: usize| match items.get(k) {
        Some((_, MenuChoice::CollectionEntry(i))) => Some(*i),
        _ => None,
    };
    let selected = if app.picker.se.sort() == super::picker_se::Sort::File {
        (0..items.len()).find(|&k| entry_at(k).is_some_and(|i| i >= want))
    } else {
        (0..items.len()).find(|&k| entry_at(k) == Some(want))
    }
    .unwrap_or(if app.picker.se.sort() == super::picker_se::Sort::File {
        items.len().saturating_sub(1)
    } else {
        0
    });
    let mut header: Vec<String> = header_line(app, Some(items.len())).into_iter().collect();
    header.push(match &app.picker.input {
        Input::None => keys_line(app),
        Input::Er { text, why } => match why {
            Some(why) => format!("ER filter: {text}▏ {why}"),
            None => format!("ER filter: {text}▏ (>= 9, < 8.5, 9-10; Enter applies, Esc stops)"),
        },
        Input::Number(n) => {
            let beyond = n.parse::<usize>().map_or(true, |k| k == 0 || k > c.count);
            let note = if beyond {
                format!(": no such puzzle (1-{})", c.count)
            } else {
                String::new()
            };
            format!("Go to #{n}{note}  (Enter opens, Esc stops)")
        }
        Input::Search(q) if !q.is_empty() && !any_contains(&c.lines, &items, q) => {
            format!("Search: {q}▏ no match (Esc stops)")
        }
        Input::Search(q) => format!("Search: {q}▏ (Enter opens, Esc stops)"),
    });
    if items.is_empty() {
        let what = level.map_or("puzzle".into(), |l| format!("{l} puzzle"));
        let what = match app.picker.se.er_filter() {
            Some(f) => format!("{what} of {f}"),
            None => what,
        };
        return Some(super::Menu {
            kind: MenuKind::Collection,
            header,
            items: vec![(
                format!("No {what} rated yet (f: next level filter)"),
                MenuChoice::Stay,
            )],
            selected: 0,
        });
    }
    Some(super::Menu {
        kind: MenuKind::Collection,
        header,
        items,
        selected,
    })
}

/// The picker's line of keys, from the keymap: `digits: go to #   /: search   f: level ...`.
fn keys_line(app: &App) -> String {
    use super::keymap::{pretty, Mode};
    use super::Action;
    let key = |a: Action| {
        app.keymap
            .keys_for(Mode::Menu, &a)
            .into_iter()
            .map(|s| pretty(s))
            .min_by_key(|k| k.chars().count())
            .unwrap_or_else(|| "(unbound)".into())
    };
    format!(
        "digits: go to #  {}: search  {}: level  {}: sort  {}: ER filter  PgUp PgDn {} {}",
        key(Action::MenuSearch),
        key(Action::MenuLevelFilter),
        key(Action::MenuSort),
        key(Action::MenuErFilter),
        key(Action::MenuFirst),
        key(Action::MenuLast),
    )
}

/// Whether a listed entry's line contains `q` (case ignored).
fn any_contains(lines: &[String], items: &[(String, MenuChoice)], q: &str) -> bool {
    let q = q.to_lowercase();
    items.iter().any(|(_, ch)| match ch {
        MenuChoice::CollectionEntry(i) => {
            lines.get(*i).is_some_and(|l| l.to_lowercase().contains(&q))
        }
        _ => false,
    })
}

/// The background rating of the collection's unrated puzzles, when some are left.
fn rating_effect(app: &App) -> Vec<Effect> {
    let Some(c) = app.collection() else {
        return Vec::new();
    };
    if c.lines.is_empty() || c.levels.len() + app.picker.no_level.len() >= c.count {
        return Vec::new();
    }
    vec![Effect::RateCollection {
        path: c.path.clone(),
        lines: super::shared::Shared::new(c.lines.clone()),
        from: c.index,
        done: c
            .levels
            .keys()
            .chain(app.picker.no_level.iter())
            .copied()
            .collect(),
    }]
}

/// A puzzle of the collection was rated in the background.
pub fn rated(app: &mut App, path: &str, index: usize, level: Option<Level>) {
    if app.collection().is_none_or(|c| c.path != path) {
        return;
    }
    match level {
        Some(l) => app.origin.note_level(path, index, l),
        None => {
            app.picker.no_level.insert(index);
        }
    }
    if !is_open(app) {
        return;
    }
    if app.picker.level.is_some() && app.picker.level == level {
        // A new entry for the filtered list.
        refresh(app);
        return;
    }
    entries_changed(app, &[index], false);
}

/// What is known of these entries changed: their lines in the open picker are written again.
/// `er`: their ER changed, so where the list is sorted or filtered by ER they may move (the
/// whole list is built again).
pub fn entries_changed(app: &mut App, entries: &[usize], er: bool) {
    let file_order = app.picker.se.sort() == super::picker_se::Sort::File;
    if er && !entries.is_empty() && (!file_order || app.picker.se.er_filter().is_some()) {
        refresh(app);
        return;
    }
    let texts: Vec<(usize, String)> = match app.collection() {
        Some(c) => entries
            .iter()
            .filter_map(|&i| Some((i, label(app, i, c.lines.get(i)?))))
            .collect(),
        None => return,
    };
    let header = header_line(app, None);
    if let Some(m) = app.ui.overlay.menu_mut() {
        let entry = |ch: &MenuChoice| match ch {
            MenuChoice::CollectionEntry(i) => *i,
            _ => usize::MAX,
        };
        for (index, text) in texts {
            // In file order the list is sorted by entry (filtered or not).
            let at = if file_order {
                m.items
                    .binary_search_by_key(&index, |(_, ch)| entry(ch))
                    .ok()
            } else {
                m.items.iter().position(|(_, ch)| entry(ch) == index)
            };
            if let Some(k) = at {
                m.items[k].0 = text;
            }
        }
        if let (Some(h), Some(first)) = (header, m.header.first_mut()) {
            *first = h;
        }
    }
}

/// The picker's first header line: the file, how many puzzles, how many rated, the filter.
fn header_line(app: &App, shown: Option<usize>) -> Option<String> {
    let c = app.collection()?;
    let rated = c.levels.len() + app.picker.no_level.len();
    let repeats = app
        .picker
        .duplicates
        .as_ref()
        .filter(|d| d.path == c.path)
        .and_then(|d| d.of.as_ref())
        .map_or(String::new(), |of| match of.len() {
            0 => String::new(),
            n => format!(", {n} repeated"),
        });
    let shown = match (shown, app.ui.overlay.get()) {
        (Some(n), _) => n,
        (None, Overlay::Menu(m)) => m.items.len(),
        (None, _) => return None,
    };
    let filtered = app.picker.level.is_some() || app.picker.se.er_filter().is_some();
    Some(format!(
        "{}: {} puzzles, {rated} rated{repeats}{}{}",
        c.title(),
        super::picker_se::grouped(c.count),
        match app.picker.level {
            Some(l) => format!("; showing {l}"),
            None => String::new(),
        },
        super::picker_se::header(app)
            + &(if filtered {
                format!(" ({shown} listed)")
            } else {
                String::new()
            }),
    ))
}

/// Rebuilds the open picker without starting more work.
fn refresh(app: &mut App) {
    build(app);
}

/// `f`: the next level filter (all, Easy ... Extreme, all).
pub fn cycle_level(app: &mut App) {
    app.picker.level = match app.picker.level {
        None => Some(Level::Easy),
        Some(Level::Extreme) => None,
        Some(l) => Level::ALL
            .iter()
            .position(|x| *x == l)
            .and_then(|i| Level::ALL.get(i + 1))
            .copied(),
    };
    refresh(app);
}

/// A character typed into the picker: a digit goes to that number, text after `/` searches.
pub fn type_char(app: &mut App, ch: char) {
    match &mut app.picker.input {
        Input::Search(q) | Input::Er { text: q, .. } => q.push(ch),
        Input::Number(n) if ch.is_ascii_digit() => n.push(ch),
        Input::None if ch.is_ascii_digit() => app.picker.input = Input::Number(ch.to_string()),
        _ => return,
    }
    follow(app);
}

/// Backspace in the picker's input.
pub fn backspace(app: &mut App) {
    match &mut app.picker.input {
        Input::Search(q) | Input::Er { text: q, .. } => {
            q.pop();
        }
        Input::Number(n) => {
            n.pop();
            if n.is_empty() {
                app.picker.input = Input::None;
            }
        }
        Input::None => {}
    }
    follow(app);
}

/// `/`: start a search.
pub fn search(app: &mut App) {
    if is_open(app) {
        app.picker.input = Input::Search(String::new());
        refresh(app);
    }
}

/// `s`: the next order of the entries (file, ER high to low, ER low to high).
pub fn cycle_sort(app: &mut App) {
    if is_open(app) {
        app.picker.se.next_sort();
        refresh(app);
    }
}

/// `e`: type an ER filter (the current one to edit).
pub fn er_filter(app: &mut App) {
    if is_open(app) {
        let text = app
            .picker
            .se
            .er_filter()
            .map(|f| f.to_string().trim_start_matches("ER ").to_string())
            .unwrap_or_default();
        app.picker.input = Input::Er { text, why: None };
        refresh(app);
    }
}

/// Enter while an ER filter is typed: it applies (empty: no filter) and `true`; a filter that
/// does not read changes nothing and says why. `false` when no filter is typed.
pub fn enter(app: &mut App) -> bool {
    let Input::Er { text, .. } = &app.picker.input else {
        return false;
    };
    match super::picker_se::ErFilter::parse(text) {
        Ok(f) => {
            app.picker.se.set_er_filter(f);
            app.picker.input = Input::None;
        }
        Err(e) => {
            let text = text.clone();
            app.picker.input = Input::Er {
                text,
                why: Some(e.to_string()),
            };
        }
    }
    refresh(app);
    true
}

/// Esc: stop typing; `true` when there was input (the picker stays open).
pub fn stop_typing(app: &mut App) -> bool {
    if typing(app) {
        app.picker.input = Input::None;
        refresh(app);
        return true;
    }
    false
}

/// Moves the selection to what the input names: puzzle number `n`, or the first line from the
/// selection on (wrapping) that contains the search text.
fn follow(app: &mut App) {
    refresh(app);
    let lines = app.collection().map(|c| c.lines.clone());
    let input = app.picker.input.clone();
    let Some(m) = app.ui.overlay.menu_mut() else {
        return;
    };
    let entry = |k: usize| match m.items.get(k) {
        Some((_, MenuChoice::CollectionEntry(i))) => Some(*i),
        _ => None,
    };
    let found = match input {
        Input::Number(n) => n
            .parse::<usize>()
            .ok()
            .and_then(|want| (0..m.items.len()).find(|&k| entry(k).is_some_and(|i| i + 1 >= want))),
        Input::Search(q) if !q.is_empty() => {
            let q = q.to_lowercase();
            let n = m.items.len();
            (0..n).map(|k| (m.selected + k) % n).find(|&k| {
                entry(k)
                    .and_then(|i| lines.as_ref()?.get(i).cloned())
                    .is_some_and(|l| l.to_lowercase().contains(&q))
            })
        }
        _ => None,
    };
    if let Some(k) = found {
        m.selected = k;
    }
}

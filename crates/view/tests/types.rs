//! The TypeScript declarations of the wire form, made from the structs themselves (ts-rs, the
//! `ts` feature): `types/generated/view.d.ts`, checked in, which `types/library.d.ts` re-exports
//! and the page's JSDoc imports, so that `tsc` (make lint) sees a field renamed in Rust.
//!
//! `cargo test -p pdn-view --features ts --test types` fails when the checked-in file is not what
//! the structs give; `make types` (the same with `PDN_WRITE_TYPES=1`) writes it.
#![cfg(feature = "ts")]

use pdn_view::budget as listing;
use pdn_view::{analysis, boards, editor, explorer, library, solve, standings, view};
use ts_rs::{Config, TS};

/// Where the declarations are written, from the workspace root.
const FILE: &str = "types/generated/view.d.ts";

/// The string unions the `&'static str` fields name (`#[ts(type = "Side")]`).
const PROLOGUE: &str = "\
/** A side: 'white' or 'black'. */
export type Side = 'white' | 'black';

/** A diagnostic's severity. */
export type Severity = 'error' | 'warning' | 'note';

/** Who needs a diagnostic (`pdn::Code::audience`): 'visitor' when the game, a variation or the
 * text cannot be shown whole, 'author' for how the text is written. */
export type Audience = 'visitor' | 'author';

/** A mark colour, from the `G`/`R`/`Y`/`B` letters of `[%csl]`/`[%cal]`. */
export type MarkColor = 'green' | 'red' | 'yellow' | 'blue';
";

/// Appends the declaration of `T`, with its documentation.
fn declare<T: TS>(cfg: &Config, out: &mut String) {
    out.push('\n');
    if let Some(docs) = T::docs() {
        out.push_str(&docs);
    }
    out.push_str("export ");
    // ts-rs ends each field's line with a space: trimmed, for a diff-clean file.
    for line in T::decl(cfg).lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// The whole file: every struct the page gets as JSON, in the order of `types/library.d.ts`.
fn declarations() -> String {
    let cfg = Config::new().with_large_int("number");
    let mut out = String::from(
        "// Made by crates/view/tests/types.rs from the structs of crates/view (ts-rs): do not edit;\n\
         // `make types` writes it again. The wire form is serde's (crates/view/src/json.rs): `Option`\n\
         // fields are `null` when absent, those marked `?` are left out.\n\n",
    );
    out.push_str(PROLOGUE);
    macro_rules! declare {
        ($($t:ty),* $(,)?) => { $(declare::<$t>(&cfg, &mut out);)* };
    }
    declare!(
        view::GameSummary,
        view::DiagnosticView,
        view::ClockView,
        view::SourceView,
        view::SquareView,
        view::BoardView,
        view::PositionView,
        view::PlyView,
        analysis::SquareMark,
        analysis::ArrowMark,
        analysis::MarksView,
        solve::SolveView,
        explorer::ExplorerProgress,
        explorer::ExplorerMove,
        explorer::ExplorerView,
        explorer::FoundGame,
        explorer::PlayerGame,
        explorer::PlayerView,
        boards::LastMove,
        boards::BoardCard,
        standings::CellView,
        standings::PlayerView,
        standings::StandingsView,
        solve::SolveState,
        solve::HintView,
        analysis::RefusalView,
        analysis::MoveView,
        analysis::PlaceView,
        view::UnplayedView,
        view::ErrorView,
        view::VariationView,
        view::EndingView,
        view::GameView,
        view::PackedView,
        view::PackedBoard,
        view::PlyNotes,
        listing::SeverityCounts,
        listing::HiddenView,
        listing::DiagnosticsSummary,
        editor::ProblemView,
        editor::VariantChoice,
        editor::EditorView,
        library::Splice,
    );
    out
}

#[test]
fn generated_types_are_those_of_the_structs() {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(FILE);
    let made = declarations();
    if std::env::var_os("PDN_WRITE_TYPES").is_some() {
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("types/generated made");
        std::fs::write(&path, &made).expect("types/generated/view.d.ts written");
        return;
    }
    let kept = std::fs::read_to_string(&path).unwrap_or_default();
    assert!(
        kept == made,
        "{FILE} is not what the structs of crates/view give: run `make types` and commit it"
    );
}

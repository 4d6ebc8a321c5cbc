//! Whether a game is over where its mainline ends, and whether its `Result` tag fits that end
//! (read with White's or with the first mover's score first, as the rest of the file does).

use super::*;

/// Who has lost in `pos`, if the side to move has no piece or no legal move.
pub(super) fn game_end(pos: &Position, rs: &Ruleset) -> Option<GameEnd> {
    let side = pos.turn();
    let no_pieces = pos.count(side) == 0;
    (no_pieces || pos.legal_moves(rs).is_empty()).then_some(GameEnd {
        loser: side,
        no_pieces,
    })
}

/// How a file writes its results where Black moves first (pdn-standard.md §1.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResultReading {
    /// The left number is the first mover's score, as the standard says.
    FirstMoverFirst,
    /// The left number is White's score, as some programs write it.
    WhiteFirst,
}

/// Which readings of the written result fit a game that ended on the board:
/// `(the standard reading fits, the White-first reading fits)`. `None` when the board does not
/// decide the game or there is no readable result.
pub(super) fn result_fits(game: &Game, first: Color, end: Option<GameEnd>) -> Option<(bool, bool)> {
    let end = end?;
    let written = game.tag("Result").or(game.result.as_deref())?;
    let winner = end.loser.opposite();
    let fits_first = outcome(written, first)? == Outcome::Win(winner);
    let fits_white =
        first != Color::White && outcome(written, Color::White) == Some(Outcome::Win(winner));
    Some((fits_first, fits_white))
}

/// The diagnostic of a result that does not fit the final position under the reading used.
pub(super) fn result_diagnostic(
    game: &Game,
    end: GameEnd,
    span: Span,
    white_first: bool,
) -> Diagnostic {
    let written = game.tag("Result").or(game.result.as_deref()).unwrap_or("");
    let winner = end.loser.opposite();
    let (how, key) = if end.no_pieces {
        ("has no pieces left", "board-no-pieces")
    } else {
        ("cannot move", "board-blocked")
    };
    let args = [
        ("reason", key.to_string()),
        ("result", written.to_string()),
        ("loser", end.loser.name().to_string()),
        ("winner", winner.name().to_string()),
    ];
    let code = if white_first {
        Code::ResultConvention
    } else {
        Code::ResultContradictsBoard
    };
    let message = code.english(&[
        ("result", written.to_string()),
        ("reason", format!("{} {how}", end.loser.name())),
        ("winner", winner.name().to_string()),
    ]);
    Diagnostic::new(code, span, message).with_args(args)
}

/// A warning when the written result contradicts a finished game on the board; a note when it
/// fits only with White's score first (where Black moves first, some files still write White's
/// score first: the board decides which reading the game uses).
pub(super) fn check_result(
    game: &Game,
    rs: &Ruleset,
    end: Option<GameEnd>,
    span: Span,
) -> Option<Diagnostic> {
    let first = rs.geometry.spec().first_player;
    match result_fits(game, first, end)? {
        (true, _) => None,
        (false, white_first) => Some(result_diagnostic(game, end?, span, white_first)),
    }
}

impl Replay {
    /// A replay of `game` as type `gametype` with nothing played yet: no board, no moves, an
    /// unreached line per variation.
    pub(super) fn nothing(game: &Game, gametype: String, diagnostics: Vec<Diagnostic>) -> Replay {
        Replay {
            gametype,
            variant: None,
            ruleset: None,
            geometry: None,
            start: None,
            plies: Vec::new(),
            error: None,
            diagnostics,
            variations: vec![LineReplay::default(); game.variations.len()],
            end: None,
            leader: Color::White,
        }
    }

    /// Every diagnostic of `game` (the one this replays), as a viewer lists them: the reader's,
    /// the replay's, the move that stops the mainline (an error) and those that stop a
    /// variation (warnings), in text order.
    ///
    /// ```
    /// let file = pdn::read_file("[GameType \"20\"] 1. 32-28 (1. 99-1) 19-23 2. 28-22 *");
    /// let r = pdn::replay::replay(&file.games[0]);
    /// let codes: Vec<&str> = r.all_diagnostics(&file.games[0]).iter().map(|d| d.code.as_str()).collect();
    /// assert_eq!(codes, ["illegal-move-in-variation", "illegal-move"]);
    /// ```
    #[must_use]
    pub fn all_diagnostics(&self, game: &Game) -> Vec<Diagnostic> {
        let mut all: Vec<Diagnostic> = game.diagnostics.clone();
        all.extend(self.diagnostics.iter().cloned());
        if let Some(e) = &self.error {
            all.push(
                Diagnostic::new(Code::IllegalMove, e.span, e.message.clone())
                    .with_args(e.args.clone()),
            );
        }
        for e in self.variations.iter().filter_map(|v| v.error.as_ref()) {
            all.push(
                Diagnostic::new(
                    Code::IllegalMoveInVariation,
                    e.span,
                    Code::IllegalMoveInVariation.english(&[("reason", e.message.clone())]),
                )
                .with_args(e.args.clone()),
            );
        }
        all.sort_by_key(|d| (d.span.start, d.severity));
        all
    }

    /// Which reading of its result this game's final position shows, when the board decides
    /// the game and exactly one reading fits (never where White moves first: both readings are
    /// the same there).
    ///
    /// ```
    /// use pdn::replay::{replay, ResultReading};
    /// let file = pdn::read_file("[GameType \"21\"] [FEN \"B:W18:B14\"] 1... 14x23 0-1");
    /// let r = replay(&file.games[0]);
    /// assert_eq!(r.result_reading(&file.games[0]), Some(ResultReading::WhiteFirst));
    /// ```
    #[must_use]
    pub fn result_reading(&self, game: &Game) -> Option<ResultReading> {
        let first = self.ruleset.as_ref()?.geometry.spec().first_player;
        match result_fits(game, first, self.end)? {
            (true, false) if first != Color::White => Some(ResultReading::FirstMoverFirst),
            (false, true) => Some(ResultReading::WhiteFirst),
            _ => None,
        }
    }
}

/// Follows the way the rest of its file writes results (see [`file_result_reading`]): when a
/// game's own reading (`own`, from [`Replay::result_reading`]) is the other one, the note that
/// its result is read with White's score first, if any, gives way to the warning that the result
/// does not fit the final position `end`. Takes the game's diagnostics rather than its replay,
/// so a caller going through a large file keeps only those until the file's reading is known.
pub fn follow_file_reading(
    game: &Game,
    own: Option<ResultReading>,
    end: Option<GameEnd>,
    file: ResultReading,
    diagnostics: &mut Vec<Diagnostic>,
) {
    let (Some(own), Some(end)) = (own, end) else {
        return;
    };
    if own == file {
        return;
    }
    let span = game.tag_span("Result");
    diagnostics.retain(|d| !(d.code == Code::ResultConvention && d.span == span));
    let mut warning = result_diagnostic(game, end, span, false);
    warning.message.push_str(match file {
        ResultReading::FirstMoverFirst => {
            " (the other games of this file write the first mover's score first)"
        }
        ResultReading::WhiteFirst => " (the other games of this file write White's score first)",
    });
    diagnostics.push(warning);
}

/// The way a file writes its results, from the games whose final position decides them: the
/// reading more of them show, when one does (see [`Replay::result_reading`]).
///
/// ```
/// use pdn::replay::{file_result_reading, ResultReading::*};
/// assert_eq!(file_result_reading([Some(WhiteFirst), None, Some(WhiteFirst), Some(FirstMoverFirst)]), Some(WhiteFirst));
/// assert_eq!(file_result_reading([Some(WhiteFirst), Some(FirstMoverFirst)]), None);
/// ```
#[must_use]
pub fn file_result_reading(
    readings: impl IntoIterator<Item = Option<ResultReading>>,
) -> Option<ResultReading> {
    let (mut standard, mut white) = (0usize, 0usize);
    for r in readings.into_iter().flatten() {
        match r {
            ResultReading::FirstMoverFirst => standard += 1,
            ResultReading::WhiteFirst => white += 1,
        }
    }
    match standard.cmp(&white) {
        std::cmp::Ordering::Greater => Some(ResultReading::FirstMoverFirst),
        std::cmp::Ordering::Less => Some(ResultReading::WhiteFirst),
        std::cmp::Ordering::Equal => None,
    }
}

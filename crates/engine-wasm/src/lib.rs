//! The engine in the browser: a thin wasm-bindgen layer over `pdn-engine` for the engine worker
//! (`www/engine/worker.js`), a module of its own so that the page loads it only when a reader
//! turns the engine on. An [`Analyser`] holds one position (and the game's positions before it,
//! for the draw rules) and searches it one depth per call, so the worker can hear a stop between
//! calls; its answers are JSON texts (no serde here: the values are numbers and move names,
//! which need no escaping).

use pdn::{Position, Ruleset};
use pdn_engine::{Engine, Limits, Line};

/// The most transposition-table entries (24 bytes each): with the rest, the worker stays under
/// 64 MB.
pub const MAX_ENTRIES: u32 = 1 << 21;

/// One position under analysis.
#[cfg_attr(target_arch = "wasm32", wasm_bindgen::prelude::wasm_bindgen)]
pub struct Analyser {
    engine: Engine,
    rs: Ruleset,
    pos: Position,
    history: Vec<Position>,
}

impl Analyser {
    /// The position `fen` of GameType `gametype`, reached through `history` (FENs, oldest
    /// first). Errors are plain words.
    ///
    /// # Errors
    /// An unknown GameType, rules not implemented, or a FEN that is not a position.
    pub fn create(
        gametype: &str,
        fen: &str,
        history: &[String],
        entries: u32,
    ) -> Result<Analyser, String> {
        let variant = pdn::GameType::parse(gametype)
            .ok()
            .and_then(|t| t.variant())
            .ok_or_else(|| format!("\"{gametype}\" is not a draughts GameType"))?;
        let rs = Ruleset::of(variant)
            .ok_or_else(|| format!("the rules of {variant} draughts are not implemented yet"))?;
        let first = rs.geometry.spec().first_player;
        let read = |f: &str| Position::from_fen(f, &rs.geometry, first).map_err(|e| e.to_string());
        let pos = read(fen)?;
        let history = history
            .iter()
            .map(|f| read(f))
            .collect::<Result<Vec<_>, _>>()?;
        let engine = Engine::new(rs.clone(), entries.clamp(1024, MAX_ENTRIES) as usize);
        Ok(Analyser {
            engine,
            rs,
            pos,
            history,
        })
    }

    /// Searches to `depth` (stopping after `ms` milliseconds on `clock` when `ms` > 0) for
    /// `multipv` lines, and answers
    /// `{"depth":D,"nodes":N,"ms":T,"lines":[{"score":S,"win":W,"pv":[…],"ends":[["32","28"],…],"from":"32","to":"28"}]}`
    /// (`score` in men from the side to move's view, `win` plies or null, `ends` each move's
    /// start and end squares, `from`/`to` the first move's, for the arrow), or `{"depth":0,"lines":[]}` when there is no move.
    pub fn search_with(
        &mut self,
        depth: u32,
        ms: f64,
        multipv: u32,
        clock: Option<fn() -> f64>,
    ) -> String {
        let limits = Limits {
            depth: Some(depth.max(1)),
            movetime: (ms > 0.0).then(|| std::time::Duration::from_secs_f64(ms / 1000.0)),
            clock,
            ..Limits::default()
        };
        let mut last = None;
        let lines = self.engine.analyse(
            &self.pos,
            &self.history,
            &limits,
            multipv.max(1) as usize,
            |i| {
                last = Some((i.depth, i.nodes, i.elapsed.as_secs_f64() * 1000.0));
            },
        );
        let (d, nodes, took) = last.unwrap_or((0, 0, 0.0));
        let lines: Vec<String> = lines.iter().map(|l| self.line_json(l)).collect();
        format!(
            "{{\"depth\":{d},\"nodes\":{nodes},\"ms\":{took:.0},\"lines\":[{}]}}",
            lines.join(",")
        )
    }

    fn line_json(&self, l: &Line) -> String {
        let g = &self.rs.geometry;
        let sep = self.rs.variant.capture_separator();
        let mut p = self.pos;
        let mut ends = Vec::with_capacity(l.pv.len());
        let pv: Vec<String> =
            l.pv.iter()
                .map(|m| {
                    let t = m.shortest_notation(g, &p.legal_moves(&self.rs), sep);
                    p = p.play(m);
                    ends.push(format!("[\"{}\",\"{}\"]", g.label(m.from), g.label(m.to)));
                    format!("\"{t}\"")
                })
                .collect();
        let (from, to) = l.pv.first().map_or((String::new(), String::new()), |m| {
            (g.label(m.from).to_string(), g.label(m.to).to_string())
        });
        let (score, win) = match l.score.win_in() {
            Some(n) => (1000f64.copysign(f64::from(n)), n.to_string()),
            None => (l.score.men(), "null".to_string()),
        };
        format!(
            "{{\"score\":{score:.2},\"win\":{win},\"pv\":[{}],\"ends\":[{}],\"from\":\"{from}\",\"to\":\"{to}\"}}",
            pv.join(","),
            ends.join(",")
        )
    }
}

#[cfg(target_arch = "wasm32")]
mod bindings {
    use wasm_bindgen::prelude::*;

    use super::Analyser;

    fn now() -> f64 {
        js_sys::Date::now()
    }

    #[wasm_bindgen]
    impl Analyser {
        /// `new Analyser(gametype, fen, historyFens, entries)`.
        #[wasm_bindgen(constructor)]
        pub fn new(
            gametype: &str,
            fen: &str,
            history: Vec<String>,
            entries: u32,
        ) -> Result<Analyser, JsError> {
            Analyser::create(gametype, fen, &history, entries).map_err(|e| JsError::new(&e))
        }

        /// One search to `depth` within `ms` milliseconds (0: no time limit): JSON, see
        /// [`Analyser::search_with`].
        pub fn search(&mut self, depth: u32, ms: f64, multipv: u32) -> String {
            self.search_with(depth, ms, multipv, Some(now))
        }
    }
}

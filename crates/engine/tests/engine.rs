//! The engine's behaviour on positions whose answer is known: forced wins found, draws scored
//! as draws, every line legal, the same lines under a node limit, and self-play in every
//! variant the core replays ending by the rules.

use pdn::position::Duplicates;
use pdn::{Color, Position, Ruleset, Variant};
use pdn_engine::rules::Goal;
use pdn_engine::{Engine, Limits};

fn setup(v: Variant, fen: &str) -> (Ruleset, Position) {
    let rs = Ruleset::of(v).unwrap();
    let pos = Position::from_fen(fen, &rs.geometry, Color::White).unwrap();
    (rs, pos)
}

fn notation(rs: &Ruleset, pos: &Position, m: &pdn::Move) -> String {
    m.shortest_notation(
        &rs.geometry,
        &pos.legal_moves(rs),
        rs.variant.capture_separator(),
    )
}

/// Every move of every line is legal where it is played.
fn assert_legal(rs: &Ruleset, pos: &Position, pv: &[pdn::Move]) {
    let mut p = *pos;
    for m in pv {
        let mut legal = Vec::new();
        p.generate(rs, Duplicates::Drop, &mut legal);
        assert!(
            legal.contains(m),
            "{m:?} is not legal in {}",
            p.to_fen(&rs.geometry)
        );
        p = p.play(m);
    }
}

#[test]
fn a_king_against_a_man_about_to_be_taken_is_a_win() {
    // White king on 46, black man on 5 with White to move: the king takes it within three plies.
    let (rs, pos) = setup(Variant::International, "W:WK46:B5");
    let mut e = Engine::new(rs.clone(), 1 << 16);
    let lines = e.analyse(&pos, &[], &Limits::depth(8), 1, |_| {});
    assert_eq!(lines[0].score.win_in(), Some(3));
    assert_legal(&rs, &pos, &lines[0].pv);
}

/// Plain negamax with the engine's own evaluation and horizon rule (a position with a capture
/// to make is never scored statically): what the pruned search must agree with.
fn minimax(e: &Engine, rs: &Ruleset, pos: &Position, depth: i32, ply: i32) -> i32 {
    let moves = pos.legal_moves(rs);
    if moves.is_empty() {
        return -(pdn_engine::search::WIN - ply);
    }
    if depth <= 0 && !moves[0].is_capture() {
        return e.evaluate(pos);
    }
    moves
        .iter()
        .map(|m| -minimax(e, rs, &pos.play(m), depth - 1, ply + 1))
        .max()
        .unwrap()
}

#[test]
fn the_pruned_search_scores_as_plain_minimax() {
    // Men only, so no repetition or draw counter can make the scores depend on the path.
    for (v, fen, depth) in [
        (
            Variant::International,
            "W:W27,28,32,33,37,38,42,43:B8,9,12,13,17,18,19,23",
            5,
        ),
        (
            Variant::English,
            "B:W21,22,23,25,26,27,30:B5,6,9,10,11,12,14",
            6,
        ),
        (
            Variant::Russian,
            "W:Wa1,c1,c3,e3,g3,h2:Bb6,d6,f6,h6,e7,g7",
            6,
        ),
    ] {
        let (rs, pos) = setup(v, fen);
        let mut e = Engine::new(rs.clone(), 1 << 16).with_reductions(false);
        let lines = e.analyse(&pos, &[], &Limits::depth(depth as u32), 1, |_| {});
        let reference = minimax(&e, &rs, &pos, depth, 0);
        assert_eq!(lines[0].score.0, reference, "{v:?} {fen}");
        assert_legal(&rs, &pos, &lines[0].pv);
        // The line's first move really scores that.
        let first = pos.play(&lines[0].pv[0]);
        assert_eq!(
            -minimax(&e, &rs, &first, depth - 1, 1),
            reference,
            "{v:?}: the first move"
        );
    }
}

#[test]
fn a_lone_king_against_a_lone_king_is_a_draw() {
    // No side can force anything; the few-pieces rule (and repetitions) make it 0.
    let (rs, pos) = setup(Variant::International, "W:WK47:BK4");
    let mut e = Engine::new(rs.clone(), 1 << 16);
    let lines = e.analyse(&pos, &[], &Limits::depth(14), 1, |_| {});
    assert_eq!(lines[0].score.0, 0);
    assert_eq!(lines[0].score.win_in(), None);
}

#[test]
fn a_node_limit_gives_the_same_lines_every_time() {
    let rs = Ruleset::of(Variant::Russian).unwrap();
    let pos = rs.start_position();
    let run = || {
        let mut e = Engine::new(rs.clone(), 1 << 16);
        let lines = e.analyse(&pos, &[], &Limits::nodes(30_000), 2, |_| {});
        lines
            .iter()
            .map(|l| {
                (
                    l.score.0,
                    l.pv.iter().map(|m| notation(&rs, &pos, m)).next(),
                )
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(run(), run());
}

#[test]
fn multipv_gives_distinct_first_moves_best_first() {
    let rs = Ruleset::of(Variant::International).unwrap();
    let pos = rs.start_position();
    let mut e = Engine::new(rs.clone(), 1 << 16);
    let lines = e.analyse(&pos, &[], &Limits::depth(5), 3, |_| {});
    assert_eq!(lines.len(), 3);
    assert!(lines[0].score >= lines[1].score && lines[1].score >= lines[2].score);
    let firsts: Vec<_> = lines.iter().map(|l| l.pv[0]).collect();
    assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2] && firsts[0] != firsts[2]);
    for l in &lines {
        assert_legal(&rs, &pos, &l.pv);
    }
}

#[test]
fn a_stop_flag_ends_the_search_with_a_move() {
    let rs = Ruleset::of(Variant::International).unwrap();
    let pos = rs.start_position();
    let flag = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(true));
    let limits = Limits {
        stop: Some(flag),
        ..Limits::default()
    };
    let mut e = Engine::new(rs.clone(), 1 << 16);
    let lines = e.analyse(&pos, &[], &limits, 1, |_| {});
    assert_eq!(lines.len(), 1, "depth 1 is always completed");
    assert_legal(&rs, &pos, &lines[0].pv);
}

#[test]
fn losing_game_wants_to_run_out_of_moves() {
    // Antidraughts: the side to move with no move wins.
    let (rs, pos) = setup(Variant::International, "W:W:B5");
    let mut e = Engine::with_goal(rs.clone(), Goal::Losing, 1 << 12);
    assert!(
        e.analyse(&pos, &[], &Limits::depth(2), 1, |_| {})
            .is_empty()
    );
    // One white man that must take: giving it away is the aim; taking is forced anyway.
    let (rs, pos) = setup(Variant::International, "W:W33:B28,5");
    let mut e = Engine::with_goal(rs, Goal::Losing, 1 << 12);
    let lines = e.analyse(&pos, &[], &Limits::depth(4), 1, |_| {});
    assert!(lines[0].pv[0].is_capture());
}

#[test]
fn self_play_in_every_variant_plays_only_legal_moves_and_ends_by_the_rules() {
    // Every variant for the usual goal, and lidraughts' Antidraughts and Breakthrough (moved
    // as International draughts).
    let games = Variant::ALL
        .into_iter()
        .map(|v| (v, Goal::Standard))
        .chain([
            (Variant::International, Goal::Losing),
            (Variant::International, Goal::FirstKing),
        ]);
    for (v, goal) in games {
        let Some(rs) = Ruleset::of(v) else { continue };
        let mut e = Engine::with_goal(rs.clone(), goal, 1 << 14);
        let mut pos = rs.start_position();
        let mut history = Vec::new();
        for _ in 0..120 {
            let lines = e.analyse(&pos, &history, &Limits::nodes(400), 1, |_| {});
            let Some(line) = lines.first() else { break };
            let m = &line.pv[0];
            assert!(
                pos.legal_moves(&rs).contains(m),
                "{v:?} {goal:?}: illegal {m:?}"
            );
            // Breakthrough ends with the first king.
            if goal == Goal::FirstKing && m.promotes {
                assert!(line.score.win_in() == Some(1), "{line:?}");
                break;
            }
            history.push(pos);
            pos = pos.play(m);
            if line.score.0 == 0 && line.pv.len() == 1 && history.len() > 100 {
                break;
            }
        }
    }
}

#[test]
fn a_review_marks_the_worst_move_and_not_the_best() {
    // A position with a shot (33-29!) and moves that lose men: the engine's best and worst
    // moves at depth 4, each played as a one-move game, are reviewed: the worst is marked.
    const FEN: &str = "W:W27,28,32,33,37,38,42,43:B8,9,12,13,17,18,19,23";
    let (rs, pos) = setup(Variant::International, FEN);
    let limits = Limits::depth(4);
    let mut e = Engine::new(rs.clone(), 1 << 16);
    let all = e.analyse(&pos, &[], &limits, 20, |_| {});
    let (best, worst) = (&all[0], &all[all.len() - 1]);
    assert!(
        best.score.0 - worst.score.0 >= 200,
        "a spread to judge: {:?} {:?}",
        best.score,
        worst.score
    );
    let reviewed = |m: &pdn::Move| {
        let text = format!(
            "[GameType \"20\"]\n[FEN \"{FEN}\"]\n1. {} *",
            notation(&rs, &pos, m)
        );
        let mut game = pdn::read_file(&text).games.remove(0);
        let r = pdn::replay::replay(&game);
        let mut e = Engine::new(rs.clone(), 1 << 16);
        let review = pdn_engine::review::review(&mut e, &r, &limits, |_, _| {});
        pdn_engine::review::annotate(&mut game, &r, &review, &e);
        (review, pdn::writer::write_game(&game, &Default::default()))
    };
    let (good, text) = reviewed(&best.pv[0]);
    assert_eq!(good.plies[0].mark, "", "{text}");
    assert_eq!(good.plies[0].loss, 0);
    assert!(text.contains("[%eval "), "{text}");
    let (bad, text) = reviewed(&worst.pv[0]);
    assert_eq!(bad.plies[0].mark, "??", "{text}");
    assert!(text.contains("Better: "), "{text}");
    assert_eq!(
        bad.summary()[0].0 + bad.summary()[0].1 + bad.summary()[0].2,
        1
    );
}

/// Positions of DUTCH96H (a PDN 3.0 test file) where the second line used to stop after its
/// first move: the table answered the position after it at an exact score, and the line was
/// cut there.
const TWO_LINES: [&str; 2] = [
    "B:W14,26,32,33,35,36,37,38,39,40,42,43,45,47,48,49:B3,4,6,8,9,11,12,13,16,17,18,19,23,24,29",
    "B:W28,31,32,33,34,35,36,37,38,39,40,41,43,44,45,46,47,48,49:B1,2,3,4,5,7,8,9,10,11,12,13,14,16,18,19,21,24,26",
];

#[test]
fn two_lines_each_go_on_for_at_least_four_plies() {
    let rs = Ruleset::of(Variant::International).unwrap();
    for fen in TWO_LINES {
        let pos = Position::from_fen(fen, &rs.geometry, Color::White).unwrap();
        let mut e = Engine::new(rs.clone(), 1 << 18);
        let lines = e.analyse(&pos, &[], &Limits::depth(10), 2, |_| {});
        assert_eq!(lines.len(), 2, "{fen}");
        for l in &lines {
            assert!(l.pv.len() >= 4, "{fen}: a line of {} plies", l.pv.len());
            assert_legal(&rs, &pos, &l.pv);
        }
    }
}

#[test]
fn a_depth_cut_short_before_its_second_line_keeps_both_lines_of_the_depth_before() {
    // Under a node limit the last depth often stops after its first line: the lines given
    // are then the last whole depth's, two of them, not one.
    let rs = Ruleset::of(Variant::International).unwrap();
    let pos = Position::from_fen(
        "W:W28,29,31,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49:B1,2,3,4,5,7,8,9,10,11,12,13,14,15,16,18,19,20,21,26",
        &rs.geometry,
        Color::White,
    )
    .unwrap();
    for nodes in [20_000, 50_000, 120_000, 200_000] {
        let mut e = Engine::new(rs.clone(), 1 << 18);
        let mut reports = Vec::new();
        let lines = e.analyse(&pos, &[], &Limits::nodes(nodes), 2, |i| {
            reports.push(i.lines.len());
        });
        assert_eq!(lines.len(), 2, "{nodes} nodes");
        assert!(
            reports.iter().all(|&n| n == 2),
            "{nodes} nodes: {reports:?}"
        );
        for l in &lines {
            assert!(
                l.pv.len() >= 4,
                "{nodes} nodes: a line of {} plies",
                l.pv.len()
            );
        }
    }
}

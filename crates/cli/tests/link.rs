//! `pdn link`: one line a game, the short form `#g=` when the game fits it, else `#pdn=`
//! (docs/cli.md).

mod common;
use common::{run, temp_file};

const FILE: &str = "[Event \"Club\"][White \"Ann\"][Black \"Bob\"][Result \"2-0\"][GameType \"20\"]\n\
    1. 32-28 19-23 2. 28x19 14x23 2-0\n\n\
    [White \"Cid\"][Black \"Dan\"][Result \"*\"]\n1. 32-28 {a comment} 19-23 *\n";

#[test]
fn link_prints_a_short_link_a_game_or_the_pdn_form() {
    let file = temp_file("link.pdn", FILE);
    let p = file.to_str().unwrap();
    let (out, err, code) = run(&["link", p]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    // The first game is short, and decodes to the same game.
    let short = lines[0].strip_prefix("#g=").expect(lines[0]);
    let text = pdn::shortlink::decode(short).unwrap();
    assert!(text.contains("[White \"Ann\"]"), "{text}");
    assert!(text.contains("1. 32-28 19-23 2. 28x19 14x23 2-0"), "{text}");
    // The second has a comment: the #pdn= form, its text as written, deflated.
    let packed = lines[1].strip_prefix("#pdn=").expect(lines[1]);
    let bytes = pdn::shortlink::decode_base64url(packed).unwrap();
    let inflated = miniz_oxide::inflate::decompress_to_vec(&bytes).unwrap();
    assert!(String::from_utf8(inflated).unwrap().contains("{a comment}"));

    // --game N: that game alone; --base: a full URL.
    let (out, _, code) = run(&[
        "link",
        p,
        "--game",
        "1",
        "--base",
        "https://example.org/pdn/#old",
    ]);
    assert_eq!(code, 0);
    assert_eq!(out, format!("https://example.org/pdn/{}\n", lines[0]));
    let (_, err, code) = run(&["link", p, "--game", "3"]);
    assert_eq!(code, 2);
    assert!(err.contains("no game 3"), "{err}");
}

#[test]
fn link_usage_help_and_errors() {
    assert_eq!(run(&["link"]).2, 2);
    assert_eq!(run(&["link", "/nonexistent/file.pdn"]).2, 2);
    let (out, _, code) = run(&["link", "--help"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("usage: pdn link FILE"), "{out}");
    for option in ["--game", "--base"] {
        assert!(out.contains(option), "{out}");
    }
    let file = temp_file("link-help.pdn", "1. 32-28 *\n");
    let (_, err, code) = run(&["link", file.to_str().unwrap(), "--nosuch"]);
    assert_eq!(code, 2);
    assert!(err.contains("--nosuch"), "{err}");
}

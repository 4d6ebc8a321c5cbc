//! The page draws by the view budgets of `pdn_view::budget` (how many diagnostics it lists, how
//! deep and how many variations it shows before "▸ more"): `www/reader/viewcap.js` `LIMITS`
//! holds the same numbers for the JavaScript, which cannot read them from the wasm before it is
//! loaded. This test keeps the two one: it fails when a number differs, or when either side has
//! a budget the other does not.
#![cfg(not(target_arch = "wasm32"))]

use pdn_view::budget::LIMITS;

#[test]
fn viewcap_js_limits_are_the_cores_budgets() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../www/reader/viewcap.js");
    let text = std::fs::read_to_string(path).unwrap();
    let start = text
        .find("export const LIMITS = Object.freeze({")
        .expect("LIMITS in viewcap.js");
    let body = &text[start..];
    let body = &body[body.find('{').unwrap() + 1..body.find("})").unwrap()];
    let mut js: Vec<(String, usize)> = body
        .lines()
        .map(|l| l.split("//").next().unwrap().trim())
        .filter(|l| !l.is_empty())
        .map(|l| {
            let (name, value) = l.trim_end_matches(',').split_once(':').unwrap();
            let value = value.trim().replace('_', "");
            (
                name.trim().to_string(),
                value.parse().unwrap_or_else(|_| panic!("{l}")),
            )
        })
        .collect();
    let mut rust: Vec<(String, usize)> = LIMITS.iter().map(|&(n, v)| (n.to_string(), v)).collect();
    js.sort();
    rust.sort();
    assert_eq!(
        js, rust,
        "www/reader/viewcap.js LIMITS against pdn_view::budget"
    );
}

//! Every diagnostic code has a title in every translation catalogue of the page
//! (`www/i18n/*.js`, key `code.<code>`), and every such key is a code the core can give.
//!
//! The catalogues live in the repository, not in the published crate: this test is left out of
//! the package (see `exclude` in Cargo.toml).

use std::collections::BTreeSet;
use std::path::Path;

use pdn::Code;

/// The `code.…` keys of a catalogue: `'code.<code>':` at the start of a line.
fn code_keys(text: &str) -> BTreeSet<String> {
    text.lines()
        .filter_map(|line| {
            let line = line.trim_start();
            let quote = line.chars().next().filter(|c| *c == '\'' || *c == '"')?;
            let rest = line[1..].strip_prefix("code.")?;
            let end = rest.find(quote)?;
            rest[end + 1..]
                .trim_start()
                .starts_with(':')
                .then(|| rest[..end].to_string())
        })
        .collect()
}

#[test]
fn every_code_has_a_title_in_every_catalogue() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/i18n");
    let mut catalogues: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "js"))
        .collect();
    catalogues.sort();
    let names: Vec<String> = catalogues
        .iter()
        .map(|p| p.file_stem().unwrap().to_string_lossy().into_owned())
        .collect();
    for lang in ["en", "ru", "lv", "nl", "fr"] {
        assert!(names.iter().any(|n| n == lang), "{lang}.js is missing");
    }
    let codes: BTreeSet<String> = Code::ALL.iter().map(|c| c.as_str().to_string()).collect();
    assert_eq!(codes.len(), Code::ALL.len(), "a code is listed twice");
    for path in &catalogues {
        let keys = code_keys(&std::fs::read_to_string(path).unwrap());
        let missing: Vec<_> = codes.difference(&keys).collect();
        let unknown: Vec<_> = keys.difference(&codes).collect();
        assert!(
            missing.is_empty(),
            "{}: no title for {missing:?}",
            path.display()
        );
        assert!(
            unknown.is_empty(),
            "{}: keys for codes the core does not have: {unknown:?}",
            path.display()
        );
    }
}

#[test]
fn codes_read_back_from_their_text() {
    for code in Code::ALL {
        assert_eq!(code.as_str().parse::<Code>(), Ok(code));
        assert_eq!(code.to_string(), code.as_str());
        assert!(
            code.as_str()
                .bytes()
                .all(|b| b.is_ascii_lowercase() || b == b'-'),
            "{code}"
        );
    }
    assert!("no-such-code".parse::<Code>().is_err());
}

#[test]
fn key_reader() {
    let keys = code_keys(
        "export default {\n  'code.a-b': 'x',\n  \"code.c\" : 'y',\n  'other': 'code.d',\n};",
    );
    assert_eq!(keys, BTreeSet::from(["a-b".to_string(), "c".to_string()]));
}

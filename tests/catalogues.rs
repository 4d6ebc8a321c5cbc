//! Every diagnostic code has a title in every translation catalogue of the page
//! (`www/i18n/<code>.js` for each language of `LANGUAGES` in `www/i18n/i18n.js`, key
//! `code.<code>`), and every such key is a code the core can give. Every
//! code has a detail template (`detail.<code>`) whose placeholders name arguments the core gives
//! that code ([`Code::arg_names`]); diagnostics read from small files carry every argument their
//! templates name, and the English templates word them exactly as the core's messages. The
//! English `detail.<code>` is the core's table's text ([`Code::text`]), and every diagnostic has
//! its code's severity ([`Code::severity`]).
//!
//! The catalogues live in the repository, not in the published crate: this test is left out of
//! the package (see `exclude` in Cargo.toml).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use pdn::diagnostic::{Arg, KEYED_ARGS, Severity};
use pdn::{Code, Diagnostic};

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

/// The page's languages: the codes of `LANGUAGES` in `www/i18n/i18n.js` (`{ code: 'en', … }`),
/// English first; each has its catalogue `www/i18n/<code>.js`.
fn languages() -> Vec<String> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/i18n/i18n.js");
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let list = text
        .split_once("export const LANGUAGES = [")
        .and_then(|(_, rest)| rest.split_once("];"))
        .map(|(list, _)| list)
        .expect("i18n.js: export const LANGUAGES = [ … ];");
    let codes: Vec<String> = list
        .split("code:")
        .skip(1)
        .filter_map(|item| js_string(item.trim_start()).map(|(code, _)| code))
        .collect();
    assert_eq!(codes.first().map(String::as_str), Some("en"), "{codes:?}");
    codes
}

/// Each language's catalogue file, by code.
fn catalogue_paths() -> Vec<(String, PathBuf)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/i18n");
    languages()
        .into_iter()
        .map(|code| {
            let path = dir.join(format!("{code}.js"));
            (code, path)
        })
        .collect()
}

#[test]
fn every_code_has_a_title_in_every_catalogue() {
    let catalogues = catalogue_paths();
    assert!(catalogues.len() >= 5, "{catalogues:?}");
    let codes: BTreeSet<String> = Code::ALL.iter().map(|c| c.as_str().to_string()).collect();
    assert_eq!(codes.len(), Code::ALL.len(), "a code is listed twice");
    for (_, path) in &catalogues {
        let keys = code_keys(
            &std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())),
        );
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

/// A catalogue: each key with its text, or its plural forms.
type Catalogue = BTreeMap<String, Vec<(String, String)>>;

/// A JS single- or double-quoted string at the start of `s`: its text and the rest after it.
fn js_string(s: &str) -> Option<(String, &str)> {
    let quote = s.chars().next().filter(|c| *c == '\'' || *c == '"')?;
    let mut out = String::new();
    let mut chars = s[1..].char_indices();
    while let Some((i, c)) = chars.next() {
        match c {
            '\\' => out.push(chars.next()?.1),
            c if c == quote => return Some((out, &s[1 + i + 1..])),
            c => out.push(c),
        }
    }
    None
}

/// Reads a catalogue written one key a line (`'key': 'text',`), plural objects one form a line.
fn catalogue(text: &str) -> Catalogue {
    let mut out = Catalogue::new();
    let mut open: Option<String> = None;
    for line in text.lines() {
        let line = line.trim();
        if let Some(key) = &open {
            if line.starts_with('}') {
                open = None;
                continue;
            }
            let (form, rest) = line.split_once(':').expect("a plural form");
            let (value, _) = js_string(rest.trim()).expect("a plural text");
            out.get_mut(key)
                .unwrap()
                .push((form.trim().to_string(), value));
            continue;
        }
        let Some((key, rest)) = js_string(line) else {
            continue;
        };
        let Some(rest) = rest.trim_start().strip_prefix(':') else {
            continue;
        };
        let rest = rest.trim();
        if let Some(inner) = rest.strip_prefix('{') {
            // Plural forms on the key's line (`{ one: '…', other: '…' },`) or one a line below.
            let mut forms = Vec::new();
            let mut rest = inner.trim_start();
            while let Some((form, after)) = rest.split_once(':') {
                if form.contains('}') {
                    break;
                }
                let Some((value, after)) = js_string(after.trim_start()) else {
                    break;
                };
                forms.push((form.trim().to_string(), value));
                rest = after.trim_start().trim_start_matches(',').trim_start();
            }
            let closed = rest.starts_with('}');
            out.insert(key.clone(), forms);
            if !closed {
                open = Some(key);
            }
        } else if let Some((value, _)) = js_string(rest) {
            out.insert(key, vec![(String::new(), value)]);
        }
    }
    out
}

/// Every language's catalogue, English first.
fn catalogues() -> Vec<(String, Catalogue)> {
    catalogue_paths()
        .into_iter()
        .map(|(lang, path)| (lang, catalogue(&std::fs::read_to_string(path).unwrap())))
        .collect()
}

/// The `{name}` placeholders of a text.
fn placeholders(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut rest = text;
    while let Some(i) = rest.find('{') {
        rest = &rest[i + 1..];
        let end = rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if end > 0 && rest[end..].starts_with('}') {
            out.push(&rest[..end]);
        }
    }
    out
}

fn keyed_prefix(name: &str) -> Option<&'static str> {
    KEYED_ARGS.iter().find(|(n, _)| *n == name).map(|(_, p)| *p)
}

/// Words `key` with `args` as the page does (English plural: `one` for a count of 1), checking
/// on the way that every form of every template reached names only arguments given. Records
/// the keys reached in `seen`.
fn word(
    cat: &Catalogue,
    key: &str,
    args: &[Arg],
    seen: &mut BTreeSet<String>,
) -> Result<String, String> {
    let forms = cat.get(key).ok_or_else(|| format!("no {key}"))?;
    seen.insert(key.to_string());
    let get = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, v)| v);
    for (_, form) in forms {
        for name in placeholders(form) {
            if get(name).is_none() && name != "count" {
                return Err(format!("{key}: no argument {name}"));
            }
        }
    }
    let count = get("count").map(String::as_str);
    let text = forms
        .iter()
        .find(|(f, _)| f.is_empty() || (f == "one") == (count == Some("1")) && f != "zero")
        .or_else(|| forms.iter().find(|(f, _)| f == "other"))
        .map(|(_, t)| t.clone())
        .ok_or_else(|| format!("{key}: no form"))?;
    let mut out = text.clone();
    for name in placeholders(&text) {
        let value = get(name).ok_or_else(|| format!("{key}: no argument {name}"))?;
        let worded = match keyed_prefix(name) {
            Some(prefix) => word(cat, &format!("{prefix}.{value}"), args, seen)?,
            None => value.clone(),
        };
        out = out.replacen(&format!("{{{name}}}"), &worded, 1);
    }
    Ok(out)
}

#[test]
fn every_code_has_a_detail_naming_only_its_arguments() {
    let all_names: BTreeSet<&str> = Code::ALL
        .iter()
        .flat_map(|c| c.arg_names().iter().copied())
        .collect();
    let (_, en) = &catalogues()[0];
    for (lang, cat) in catalogues() {
        // The same detail keys as English (the JS test checks all keys).
        let keys = |c: &Catalogue| -> BTreeSet<String> { c.keys().cloned().collect() };
        assert_eq!(keys(&cat), keys(en), "{lang}: keys differ from en");
        for code in Code::ALL {
            let key = format!("detail.{code}");
            let forms = cat.get(&key).unwrap_or_else(|| panic!("{lang}: no {key}"));
            for (_, form) in forms {
                for name in placeholders(form) {
                    assert!(
                        code.arg_names().contains(&name),
                        "{lang}: {key} names {{{name}}}, which {code} does not carry"
                    );
                }
            }
        }
        for (key, forms) in &cat {
            let keyed = KEYED_ARGS
                .iter()
                .any(|(_, p)| key.starts_with(&format!("{p}.")));
            if !keyed || key.starts_with("variant.") {
                continue;
            }
            for (_, form) in forms {
                for name in placeholders(form) {
                    assert!(
                        all_names.contains(name),
                        "{lang}: {key} names {{{name}}}, which no code carries"
                    );
                }
            }
        }
    }
    for code in Code::ALL {
        for name in code.arg_names() {
            assert!(
                name.bytes().all(|b| b.is_ascii_lowercase() || b == b'_'),
                "{code}: {name}"
            );
        }
    }
}

/// Small files that between them give every diagnostic code the core writes while reading and
/// replaying, and most of the reasons.
const SAMPLES: &[&str] = &[
    "[Event \"a]\n1. 32-28 *\n",
    "[Event a]\n1. 32-28 *\n",
    "[Event \"a\"\n1. 32-28 *\n",
    "[GameType \"20\"]\n1. 32-28 {open\n",
    "[GameType \"20\"]\n1. 32-28 {a {b} c} 19-23 } *\n",
    "[GameType \"20\"]\n1. 32-28 (good move here) 19-23 2. 33-29 2. 14-19 1. 29-24 *\n",
    "[GameType \"20\"]\n1. 32- 28 19-23 hello 2. - 2. *\n",
    "[GameType \"20\"]\n$1 1. 32-28 ) 19-23 (1... 18-23 *\n",
    "[GameType \"20\"]\n(1. 33-29) 1. 32-28 /W:W31:B1/ /W:W32:B2/ 19-23 /W:W31:B1/ 1-0 1-0 *\n",
    "[Result \"1-0\"]\n[GameType \"20\"]\n1. 32-28 0-1\n[Result \"4-6\"]\n1. 32-28 4-6\n",
    "junk\n[GameType \"20\"]\n1. 32-28 1-0 {ok} 3. 1-0\n[Event \"x\"] 1. 32-28 1-01. 32-28 *\n",
    "hello 1-0",
    "[Event \"x\"]\n1. 32-28 19-23\n[Event \"y\"]\n1. 32-28 *\n",
    "1. 22-18 11-15 *\n",
    "1. 31-27 *\n",
    "[Variant \"Russian\"]\n1. c3-d4 *\n",
    "1. c3-b4 b6-c5 2. b2-c3 f6-e5 3. e3-f4 g7-f6 4. a1-b2 h8-g7 5. b4-a5 c7-b6 \
     6. a5xc7 d8xb6 7. f2-e3 b6-a5 8. g3-h4 e5xg3 9. h2xf4 f6-e5 10. f4-g5 h6xf4 \
     11. e3xg5 g7-f6 12. d2-e3 c5-d4 13. e3xc5 d6xb4xd2 14. c1xe3 e5-f4 15. e1-d2 \
     b8-c7 16. g1-h2 c7-d6 17. b2-c3 f6-e5 1/2-1/2",
    "[GameType \"20,W,0,0,N,0\"]\n1. 32-28 *\n",
    "[GameType \"abc\"]\n1. 32-28 *\n",
    "[GameType \"97\"]\n1. 46-41 *\n",
    "[GameType \"21\"]\n1. c3-d4 *\n",
    "[GameType \"0\"]\n1. 32-28 *\n",
    "[GameType \"77\"]\n1. 32-28 *\n",
    "[GameType \"20\"]\n[FEN \"X:W1\"]\n1. 32-28 *\n",
    "[GameType \"20\"]\n[FEN \"W:W1-x\"]\n1. 32-28 *\n",
    "[GameType \"20\"]\n[FEN \"W:Wzz\"]\n1. 32-28 *\n",
    "[GameType \"20\"]\n[FEN \"W:W99\"]\n1. 32-28 *\n",
    "[GameType \"20\"]\n[FEN \"W:W28:B28\"]\n1. 32-28 *\n",
    "[GameType \"20\"]\n[FEN \"W:W28:B22\"]\n1. 28x17 0-2\n",
    "[GameType \"20\"]\n[FEN \"W:W28:B22,23\"]\n1. 28-17 *\n",
    "[GameType \"20\"]\n1. 32-28 19-23 2. 28x19 14x23 3. 33x28 *\n",
    "[GameType \"20\"]\n1. 32-28 19-23 (1... 99-23) (1... 32-28) (1... 18-12) 2. 27-21 *\n",
    "[GameType \"20\"]\n1. 32-23 *\n",
    "[GameType \"20\"]\n1. 32-28 -- 2. 33-29 *\n",
    "[GameType \"20\"]\n1. 32-28 /W:X/ 19-23 *\n",
    "[GameType \"20\"]\n[FEN \"W:W27,28:B22,23,32,33,12,13\"]\n1. 28x19 *\n",
    "[GameType \"20\"]\n[FEN \"W:W32,33:B27,28,19\"]\n1. 32x21 *\n",
    "[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x40x36 *\n",
    "[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 14-20 *\n",
    "[GameType \"20\"]\n[FEN \"B:W28:B\"]\n1... 19-23 *\n",
    "[GameType \"20\"]\n[FEN \"W:WK28,K33:B1\"]\n1. 50-45 *\n",
    "[GameType \"20\"]\n[FEN \"W:W3$:B1\"]\n1. 32-28 *\n",
    "[GameType \"20\"]\n1. 19-23 *\n",
    "[GameType \"20\"]\n[FEN \"W:WK47:B14,19,29,31,42\"]\n1. 47x36 19-24 *\n",
    "[GameType \"20\"]\n[FEN \"W:W46:B41,37\"]\n2-0\n",
    "1. 34-30 20-25 *\n",
    "[Event \"x\"]\n*\n",
    "[GameType \"20\"]\n12345678901234567890123. 32-28 *\n",
    "[GameType \"20\"]\n4294967296. 32-28 *\n",
    "[GameType \"20,W,8,8,N2,0\"]\n1. 32-28 *\n",
    "[GameType \"25\"]\n[FEN \"W:Wc3,Kc5:Bh6\"]\n1. cd4 hg5 *\n",
    "[GameType \"25\"]\n1. ad4 *\n",
    "[GameType \"21\"]\n[FEN \"B:W18:B14\"]\n1... 14x23 0-1\n",
    "[Event \"c\"]\n[WhiteElo \"2400\"]\n[ECO \"C41\"]\n1. e4 e5 2. Nf3 d6 *\n",
];

/// Every diagnostic of a file as the page shows them: the reader's, the replay's, and the moves
/// that stop the mainline or a variation.
fn diagnostics(text: &str) -> Vec<Diagnostic> {
    let file = pdn::read_file(text);
    let mut all = file.diagnostics.clone();
    for game in &file.games {
        all.extend(pdn::replay::replay(game).all_diagnostics(game));
    }
    if file.games.is_empty() {
        all.push(Diagnostic::warning(
            Code::NoGames,
            pdn::Span::new(0, 0),
            Code::NoGames.text(),
        ));
    }
    all
}

#[test]
fn diagnostics_carry_the_arguments_their_templates_name() {
    let cats = catalogues();
    let mut codes = BTreeSet::new();
    let mut seen = BTreeSet::new();
    for text in SAMPLES {
        for d in diagnostics(text) {
            codes.insert(d.code);
            // The table's severity, but for a GameType whose number still names a variant.
            let downgraded = d.code == Code::BadGametype && d.severity == Severity::Warning;
            assert!(
                d.severity == d.code.severity() || downgraded,
                "{text:?}: {} is a {}, the table says {}",
                d.code,
                d.severity,
                d.code.severity()
            );
            let names: Vec<&str> = d.args.iter().map(|(n, _)| *n).collect();
            let unique: BTreeSet<&str> = names.iter().copied().collect();
            assert_eq!(unique.len(), names.len(), "{text:?}: {d:?}");
            for name in &names {
                assert!(
                    d.code.arg_names().contains(name),
                    "{text:?}: {} carries {name}, not in its arg_names",
                    d.code
                );
            }
            for (lang, cat) in &cats {
                let worded = word(cat, &format!("detail.{}", d.code), &d.args, &mut seen)
                    .unwrap_or_else(|e| panic!("{lang}, {text:?}: {e}\n{d:?}"));
                if lang == "en" {
                    assert_eq!(worded, d.message, "{text:?}: English wording\n{d:?}");
                }
            }
        }
    }
    // Not reached by reading text: every variant has rules now, and `binary-file` is said of
    // bytes (tests/hostile.rs reads a binary file).
    let unreached = [Code::VariantNotSupported, Code::BinaryFile];
    let missing: Vec<_> = Code::ALL
        .iter()
        .filter(|c| !codes.contains(c) && !unreached.contains(c))
        .collect();
    assert!(missing.is_empty(), "no sample gives {missing:?}");
    // Every reason, colour and so on of the English catalogue is reached by a sample, but these.
    let unreached_keys = [
        "reason.variant-not-supported",
        "why.other-capture-first",
        "why.fen-empty",
        "game.chinese-chess",
        "game.chess-variant",
        "game.othello",
        "notation.numeric",
    ];
    let (_, en) = &cats[0];
    let not_seen: Vec<&String> = en
        .keys()
        .filter(|k| {
            KEYED_ARGS
                .iter()
                .any(|(_, p)| *p != "variant" && k.starts_with(&format!("{p}.")))
                && !seen.contains(*k)
                && !unreached_keys.contains(&k.as_str())
        })
        .collect();
    assert!(not_seen.is_empty(), "no sample reaches {not_seen:?}");
}

#[test]
fn the_pages_keyed_arguments_are_the_cores() {
    // i18n.js words a keyed argument by its prefix (`KEYED_ARGS = { reason: 'reason', … }`).
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("www/i18n/i18n.js");
    let text = std::fs::read_to_string(&path).unwrap();
    let object = text
        .split_once("export const KEYED_ARGS = {")
        .and_then(|(_, rest)| rest.split_once("};"))
        .map(|(object, _)| object)
        .expect("i18n.js: export const KEYED_ARGS = { … };");
    let page: BTreeSet<(String, String)> = object
        .split(',')
        .filter_map(|pair| {
            let (name, prefix) = pair.split_once(':')?;
            let (prefix, _) = js_string(prefix.trim())?;
            Some((name.trim().to_string(), prefix))
        })
        .collect();
    let core: BTreeSet<(String, String)> = KEYED_ARGS
        .iter()
        .map(|(n, p)| ((*n).to_string(), (*p).to_string()))
        .collect();
    assert_eq!(
        page, core,
        "i18n.js KEYED_ARGS differs from pdn::diagnostic::KEYED_ARGS"
    );
}

#[test]
fn english_details_are_the_tables_texts() {
    let (_, en) = &catalogues()[0];
    for code in Code::ALL {
        let key = format!("detail.{code}");
        let forms = en.get(&key).unwrap_or_else(|| panic!("en: no {key}"));
        // A plain text, or plural forms whose 'other' is the table's text (counted words).
        let text = match forms.as_slice() {
            [(form, text)] if form.is_empty() => text,
            _ => forms
                .iter()
                .find(|(form, _)| form == "other")
                .map(|(_, text)| text)
                .unwrap_or_else(|| panic!("en: {key} has no 'other' form")),
        };
        assert_eq!(
            text,
            code.text(),
            "en: {key} is not the core's text (src/diagnostic.rs)"
        );
    }
}

#[test]
fn catalogue_reader() {
    let c = catalogue(
        "export default {\n  'a.b': 'it\\'s {x}',\n  'p': {\n    one: '{count} game',\n    other: 'many',\n  },\n};",
    );
    assert_eq!(c["a.b"], [(String::new(), "it's {x}".to_string())]);
    assert_eq!(c["p"].len(), 2);
    assert_eq!(placeholders("{a} { b} {c_d}}"), ["a", "c_d"]);
}

//! `pdn gif FILE [--game N] [--size PX] -o OUT.gif`: a game's mainline as an animated GIF, made
//! by `pdn-gif` from the game's view: the same bytes as the page's "Download GIF" for that game.

use std::process::ExitCode;

use crate::args::GIF_USAGE;

/// Runs `pdn gif`: writes the file, says nothing on success; a plain message and exit 2 when the
/// file cannot be read, the game is not in it, it has no board or the size is out of range.
pub fn run(args: &[String]) -> ExitCode {
    let fail = |msg: String| {
        eprintln!("pdn gif: {msg}\nusage: {GIF_USAGE}");
        ExitCode::from(2)
    };
    let o = match crate::args::parse::<crate::args::Gif>(args) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let Some(path) = o.file else {
        return fail("give a FILE".to_string());
    };
    let Some(out) = o.output else {
        return fail("give the file to write with -o OUT.gif".to_string());
    };
    if !pdn_gif::SIZES.contains(&o.size) {
        return fail(pdn_gif::GifError::Size(o.size).to_string());
    }
    let text = match crate::files::read_text(&path) {
        Ok(text) => text,
        Err(why) => return fail(why),
    };
    let mut found = None;
    let mut count = 0u64;
    pdn::reader::read_each_game(&text, |g| {
        count += 1;
        if count == o.game {
            found = Some(g);
        }
    });
    let Some(game) = found else {
        let games = if count == 1 {
            "1 game".to_string()
        } else {
            format!("{count} games")
        };
        return fail(format!("{path} has no game {}: it has {games}", o.game));
    };
    let lines = pdn::diagnostic::LineIndex::new(&text);
    let view = pdn_view::view::FileView::of_text(&text, &lines).view_of(&game, o.game as usize);
    let Some(animation) = pdn_gif::Animation::from_view(&view) else {
        return fail(format!(
            "game {} of {path}: {}",
            o.game,
            pdn_gif::GifError::NoBoard
        ));
    };
    let bytes = match pdn_gif::encode(&animation, o.size) {
        Ok(bytes) => bytes,
        Err(e) => return fail(format!("game {} of {path}: {e}", o.game)),
    };
    if let Err(e) = std::fs::write(&out, bytes) {
        return fail(format!("{out}: {e}"));
    }
    ExitCode::SUCCESS
}

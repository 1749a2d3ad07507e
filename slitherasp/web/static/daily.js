// The daily puzzle: one a day for every tiling and level, the same for everyone on that
// date (its seed and size come from the date, the tiling and the level: the page asks
// Python, in the browser or on the server, which makes it as `slitherasp generate --daily
// DATE` does). The page asks for the player's own date; yesterday's is a button away, and
// a daily solved counts for its day's streak (stats.js). Offline, Python in the browser
// makes it as well as online.

import { choices } from "./generate.js";
import { openText, showPuzzle } from "./play.js";
import { call, during, failed, isCancelled, status } from "./server.js";
import { keptBoard, remember, remembered } from "./state.js";
import { daysBefore, localDate, streak } from "./stats.js";

const LEVELS = ["easy", "normal", "tricky", "hard", "fiendish"];

function key(date, tiling, level) { return `daily:${date}:${tiling}:${level}`; }

function streakWords() {
  const s = streak();
  return s.now ? ` Daily streak: ${s.now} day${s.now === 1 ? "" : "s"}.` : "";
}

/** Open the daily puzzle of `date` (default today, the player's date) for the New
 *  panel's tiling and level (or the ones given); true when it opened. */
export async function openDaily({ date = localDate(), tiling = null, level = null } = {}) {
  const c = choices() || { tiling: "square", difficulty: "normal" };
  tiling = tiling || c.tiling;
  level = LEVELS.includes(level) ? level : LEVELS.includes(c.difficulty) ? c.difficulty : "normal";
  const meta = { tiling, level, daily: date };
  const day = date === localDate() ? `Today's puzzle (${date})`
    : date === daysBefore(localDate(), 1) ? `Yesterday's puzzle (${date})` : `The daily puzzle of ${date}`;
  try {
    const known = remembered(key(date, tiling, level)), kept = known && keptBoard(known);
    if (kept) showPuzzle(kept.text, kept.model, { meta });
    else if (known) await openText(known, { meta, label: "Opening the daily puzzle" });
    else {
      const r = await during(`Making ${day.replace(/^\S+/, (w) => w.toLowerCase())}`, (signal, progress) =>
        call("daily", { date, tiling, difficulty: level, open: true }, { signal, progress }));
      meta.size = r.size;
      showPuzzle(r.puzzle, r.model, { meta });
      remember(key(date, tiling, level), r.model.share);
    }
    status(`${day}: ${tiling}, ${level}; everyone playing it that day has the same one.${streakWords()}`);
    return true;
  } catch (err) { if (isCancelled(err)) status("Cancelled."); else failed(err); }
  return false;
}

export function openYesterday() { return openDaily({ date: daysBefore(localDate(), 1) }); }

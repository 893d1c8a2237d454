/**
 * `ralph-hooks watch`: the project's loops as their records land. Reading only the new bytes of
 * each log (tail.ts), folding the records into per-session state (fold.ts), the views of it at
 * a time (view.ts), one poll of the project (watcher.ts), and the text of a frame or of an event
 * (render.ts). The command (cli/commands/watch.ts) polls, draws and reads keys.
 */
export { readNewLines, type TailChange, type TailRead, type TailState } from './tail.js';
export { foldRecord, followedHook, newSession, type SessionState } from './fold.js';
export { sessionViews, type SessionView } from './view.js';
export { createWatch, pollWatch, views, type WatchEvent, type WatchState } from './watcher.js';
export { displayWidth, eventLine, fit, renderFrame, selectedKey, statusWords, summaryLine, type FrameOptions } from './render.js';

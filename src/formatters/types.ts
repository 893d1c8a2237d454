/**
 * A formatter a project may use (prettier, Biome, dprint): how ralph-hooks tells that it is the
 * project's, and how it formats a batch of files the way the project's own run of it would.
 * One file per formatter beside this one, and one line in index.ts.
 */

/** One file to format: its path relative to the project root and the text ralph-hooks would write. */
export interface FormatFile {
  path: string;
  text: string;
  /** The file is on disk already (Biome and dprint can tell whether a path is ignored only then). */
  exists: boolean;
}

/** What a formatter is handed in the formatting process. */
export interface FormatJob {
  root: string;
  /** Where the project's copy of the formatter's package is installed. */
  packageDir: string;
  files: FormatFile[];
}

/** The files' texts, in order: formatted, or as they came when the formatter does not handle (or ignores) one. */
export interface FormatResult {
  texts: string[];
  /** A file the formatter failed on (it stays as it came), one line each. */
  warnings: string[];
}

export interface FormatterSpec {
  /** How it is named in messages and on the command line. */
  name: string;
  /** The npm package a project installs it with. */
  packageName: string;
  /** Files at the project root, besides its config, whose content changes what it makes of a file (ignore files, .editorconfig). */
  alsoReads: readonly string[];
  /** The config file at the project root that makes it the project's formatter, or undefined. */
  configIn(root: string, entries: readonly string[], packageJson: Record<string, unknown> | undefined): string | undefined;
  /**
   * Runs in the formatting process (never in the CLI's own): formats every file as the
   * project's `<formatter> --write` would, with the project's config. Throws when the formatter
   * cannot start at all.
   */
  formatAll(job: FormatJob): Promise<FormatResult>;
}


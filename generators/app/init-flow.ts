/**
 * What `init` does, framework aside: the answers (a flag, then the existing config, then a
 * question on a terminal, then the default), the config they make, the files written (through
 * the same pipeline as `generate`) and the next steps. The Yeoman generator (index.ts) runs it
 * with its prompts; `init --yes`, and any run without a terminal, run it directly and never load
 * the generator framework, whose import alone costs some twenty bare Node starts.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type ConflictPolicy } from '../../src/generate/apply.js';
import { settleAndWrite } from '../../cli/commands/generate.js';
import { validateConfig } from '../../src/config/load.js';
import { CONFIG_FILE, EXTRA_IDS, schemaUrl, type ExtraId, type RalphHooksConfigInput } from '../../src/config/schema.js';
import { TARGETS } from '../../src/targets/index.js';
import { CliError } from '../../src/util/errors.js';
import { formatJson, isJsonObject, parseJsonText } from '../../src/util/json-text.js';
import { HOOK_CASES_DIR, hookTestRun, unsavedInstallCommand } from '../../src/generate/extras.js';
import { otherLanguageOf } from '../../src/package-managers/other-languages.js';
import { namesRalphHooks, pmCommand, rhCommand } from '../../src/package-managers/project.js';
import { planGeneration } from '../../src/generate/plan.js';
import { findPreset } from '../../src/presets/index.js';
import { COST_QUESTION, EXTRAS_QUESTION, parseCostCap, parseExtrasFlag, QUESTIONS, RUNTIME_QUESTION, validateAnswer, type InitAnswers } from './questions.js';

export interface InitOptions {
  yes?: boolean;
  target?: string;
  stopWatcher?: string;
  runtime?: string;
  /** --max-cost-usd: the stop-watcher's cost cap as typed (a number of dollars, or none). */
  maxCostUsd?: string;
  onConflict?: ConflictPolicy;
  quiet?: boolean;
  /** Print the list of files and their status as JSON (and no next steps). */
  json?: boolean;
  /** Print the diffs and what would be written; write nothing. */
  dryRun?: boolean;
  /** --extras: a list (or the flag's text: `vitest,cases`, `all`, `none`). */
  extras?: ExtraId[] | string;
  /** --no-<extra> flags: extras to leave off whatever else says. */
  withoutExtras?: ExtraId[];
  /** Force prompting on or off (tests); default: prompt when stdin is a terminal. */
  interactive?: boolean;
  /**
   * Where the lifecycle leaves an error (a usage error, a conflict, Ctrl-C at a prompt) for the
   * `init` command to report: a task that throws makes Yeoman print its own error line and stack.
   */
  outcome?: { error?: unknown };
  /** Called once the questions are over (answered, skipped or interrupted). */
  onQuestionsDone?: () => void;
}

/** Ctrl-C at a prompt: nothing has been written yet (prompts come before the writing task). */
export function isPromptAbort(error: unknown): boolean {
  const name = (error as { name?: string } | undefined)?.name;
  return name === 'ExitPromptError' || name === 'AbortPromptError' || name === 'Interrupted';
}

/** Asks a person (the generator's prompt); a run that asks nothing never calls it. */
export type Prompt = <T>(questions: unknown) => Promise<T>;

/** The extras that need no package.json and no node_modules: bats and the cases run through npx. */
const STANDALONE_EXTRAS: readonly ExtraId[] = ['bats', 'cases', 'workflow'];

const noPrompt: Prompt = () => Promise.reject(new Error('init asked a question in a run without prompts'));

export class InitFlow {
  answers!: InitAnswers;
  private existing?: RalphHooksConfigInput;

  constructor(
    readonly root: string,
    readonly options: InitOptions,
    private readonly prompt: Prompt = noPrompt,
  ) {}

  /** The existing config, checked before anything is written: a file of the wrong shape is an error naming the field, and stays as it is. */
  readExisting() {
    const path = join(this.root, CONFIG_FILE);
    if (!existsSync(path)) return;
    const parsed = parseJsonText(readFileSync(path, 'utf8'), CONFIG_FILE);
    if (!isJsonObject(parsed)) {
      throw new CliError(`${CONFIG_FILE}: the top level must be a JSON object ({"target": …, "hooks": […]}), not ${Array.isArray(parsed) ? 'an array' : typeof parsed}; ralph-hooks left the file untouched. Fix it or move it aside, then run init again.`);
    }
    validateConfig(parsed);
    this.existing = parsed as RalphHooksConfigInput;
  }

  async ask(): Promise<{ answers: InitAnswers; asked: boolean }> {
    const answers: Partial<InitAnswers> = { ...this.answersFromConfig() };
    const toAsk = [];
    for (const question of QUESTIONS) {
      const flagValue = this.options[question.name as keyof InitOptions] as string | undefined;
      if (flagValue !== undefined) {
        const problem = validateAnswer(question, flagValue);
        if (problem) throw new CliError(problem);
        (answers as any)[question.name] = flagValue;
      } else if (answers[question.name] === undefined) {
        if (this.interactive()) toAsk.push(question);
        else (answers as any)[question.name] = question.default;
      }
    }
    if (toAsk.length > 0) {
      const previous = this.answers as Partial<InitAnswers> | undefined;
      Object.assign(answers, await this.prompt<Record<string, string>>(toAsk.map((q) => ({ type: 'select' as const, name: q.name, message: q.message, choices: q.choices as { value: string; name: string }[], default: previous?.[q.name] ?? q.default })) as any));
    }
    const runtime = await this.runtimeAnswer(answers.stopWatcher, answers.runtime);
    answers.runtime = runtime.value;
    const cost = await this.costAnswer(answers.stopWatcher, answers.maxCostUsd);
    answers.maxCostUsd = cost.value;
    const extras = await this.extrasAnswer(answers.extras);
    answers.extras = extras.value;
    return { answers: answers as InitAnswers, asked: toAsk.length > 0 || runtime.asked || cost.asked || extras.asked };
  }

  /** The cost cap (maxCostUsd), only for a stop-watcher with budgets: --max-cost-usd, then the config, then a question, then none. */
  private async costAnswer(stopWatcher: string | undefined, fromConfig: number | undefined): Promise<{ value: number | undefined; asked: boolean }> {
    if (stopWatcher === undefined || !COST_QUESTION.presets.includes(stopWatcher)) {
      if (this.options.maxCostUsd !== undefined) throw new CliError(`--max-cost-usd: a cost cap needs a stop-watcher with budgets (${COST_QUESTION.presets.join(', ')}), not '${stopWatcher ?? 'none'}'.`);
      return { value: undefined, asked: false };
    }
    if (this.options.maxCostUsd !== undefined) {
      const parsed = parseCostCap(this.options.maxCostUsd);
      if (typeof parsed === 'string') throw new CliError(parsed);
      return { value: parsed, asked: false };
    }
    if (fromConfig !== undefined || !this.interactive()) return { value: fromConfig, asked: false };
    const { maxCostUsd } = await this.prompt<{ maxCostUsd: string }>([
      { type: 'input', name: 'maxCostUsd', message: COST_QUESTION.message, default: this.answers?.maxCostUsd?.toString() ?? '', validate: (text: string) => { const parsed = parseCostCap(text); return typeof parsed === 'string' ? parsed.replace(/^--max-cost-usd: /, '') : true; } } as any,
    ]);
    const parsed = parseCostCap(maxCostUsd ?? '');
    return { value: typeof parsed === 'string' ? undefined : parsed, asked: true };
  }

  /** The loop's runtime, only for the loop: --runtime, then the config, then a question, then bash. */
  private async runtimeAnswer(stopWatcher: string | undefined, fromConfig: InitAnswers['runtime']): Promise<{ value: InitAnswers['runtime']; asked: boolean }> {
    if (stopWatcher !== 'loop') return { value: undefined, asked: false };
    const flag = this.options.runtime;
    if (flag !== undefined) {
      const problem = validateAnswer(RUNTIME_QUESTION, flag);
      if (problem) throw new CliError(problem);
      return { value: flag as InitAnswers['runtime'], asked: false };
    }
    if (fromConfig !== undefined) return { value: fromConfig, asked: false };
    if (!this.interactive()) return { value: RUNTIME_QUESTION.default, asked: false };
    const { runtime } = await this.prompt<{ runtime: 'bash' | 'node' }>([
      { type: 'select', name: 'runtime', message: RUNTIME_QUESTION.message, choices: [...RUNTIME_QUESTION.choices], default: this.answers?.runtime ?? RUNTIME_QUESTION.default } as any,
    ]);
    return { value: runtime, asked: true };
  }

  /** The same order for the extras: --extras, then the config, then the checkbox, then all of them; --no-<extra> last. */
  private async extrasAnswer(fromConfig: ExtraId[] | undefined): Promise<{ value: ExtraId[]; asked: boolean }> {
    let extras: ExtraId[];
    let asked = false;
    const flag = this.options.extras;
    const without = this.options.withoutExtras ?? [];
    if (flag !== undefined) {
      const parsed = Array.isArray(flag) ? flag : parseExtrasFlag(flag);
      if (typeof parsed === 'string') throw new CliError(parsed);
      extras = parsed;
    } else if (fromConfig !== undefined) {
      extras = fromConfig;
    } else if (this.interactive() && without.length === 0) {
      const defaults = this.defaultExtras();
      const { extras: chosen } = await this.prompt<{ extras: ExtraId[] }>([
        {
          type: 'checkbox',
          name: EXTRAS_QUESTION.name,
          message: EXTRAS_QUESTION.message,
          choices: EXTRAS_QUESTION.choices.map((c) => ({ value: c.value, name: c.name, checked: (this.answers?.extras ?? defaults).includes(c.value) })),
          default: defaults,
        } as any,
      ]);
      extras = chosen ?? [];
      asked = true;
    } else {
      extras = this.defaultExtras();
    }
    return { value: EXTRA_IDS.filter((id) => extras.includes(id) && !without.includes(id)), asked };
  }

  /** Everything but the scenarios; in a repository of another language, only what needs no package.json there. */
  private defaultExtras(): ExtraId[] {
    return this.otherLanguage() ? [...STANDALONE_EXTRAS] : [...EXTRAS_QUESTION.default];
  }

  async write() {
    const config = this.configFromAnswers();
    const configText = formatJson(config);
    const validated = validateConfig(config);
    const plan = planGeneration(this.root, validated, { configText });
    const policy = this.options.onConflict ?? (this.interactive() ? 'ask' : 'fail');
    await settleAndWrite(plan, { policy, dryRun: this.options.dryRun === true, quiet: this.options.quiet === true, json: this.options.json === true }, validated);
  }

  /** What to do next, for a person (none with --quiet, --json or --dry-run), in the project's package manager. */
  nextSteps(): string | undefined {
    if (this.options.quiet || this.options.json || this.options.dryRun) return undefined;
    const extras = this.extrasRecord();
    const unsaved = unsavedInstallCommand(extras);
    const install = extras.packageJson ? pmCommand({ kind: 'install' }) : unsaved && pmCommand({ kind: 'at-root', line: unsaved });
    const tests = hookTestRun(extras, this.configFromAnswers().hooks?.length !== 0);
    const other = this.otherLanguage();
    return [
      ...(other && !extras.packageJson
        ? ['', `A ${other.language} project (${other.marker}, no package.json): ralph-hooks added no package.json and needs no node_modules; the hook tests run through npx. For the Node layout (vitest tests, package.json scripts) run init again with --extras all.`]
        : []),
      '',
      'Next steps:',
      ...(install ? [`  - Install what the hooks and their tests need${extras.packageJson ? '' : ' (package.json is left to you)'}: ${install}`] : []),
      ...(tests ? [`  - Run the hook tests: ${tests}`] : []),
      `  - Edit ${CONFIG_FILE} (your editor completes it from the JSON Schema), then run: ${rhCommand('generate')}`,
      `  - ${TARGETS[this.answers.target].startHint}`,
      ...this.presetSteps().map((step) => `  - ${step}`),
      // Only specum ships starter cases: the line is there when some were written.
      ...(hasFiles(join(this.root, HOOK_CASES_DIR)) ? [`  - Replay the recorded cases: ${rhCommand('test')}`] : []),
      `  - Check the setup: ${rhCommand('doctor')}`,
    ].join('\n');
  }

  /** The cost cap goes into the first stop-watcher's options (a cap already there is kept unless another was given). */
  private applyCostAnswer(hooks: NonNullable<RalphHooksConfigInput['hooks']>): void {
    const index = hooks.findIndex((h) => h.kind === 'stop-watcher');
    const cap = this.answers.maxCostUsd;
    if (index === -1 || !COST_QUESTION.presets.includes(hooks[index]!.preset)) return;
    const hook = hooks[index]!;
    const { maxCostUsd: _old, ...options } = (hook.options ?? {}) as Record<string, unknown>;
    // --max-cost-usd none takes a cap away; no answer leaves the options as they are.
    if (cap === undefined && this.options.maxCostUsd === undefined) return;
    hooks[index] = { ...hook, options: cap === undefined ? options : { ...options, maxCostUsd: cap } } as typeof hook;
  }

  /** The guard question is about the first guard: added after the stop-watcher, replaced, or removed with 'none'. */
  private applyGuardAnswer(hooks: NonNullable<RalphHooksConfigInput['hooks']>): void {
    const answer = this.answers.guard ?? 'none';
    const index = hooks.findIndex((h) => h.kind === 'guard');
    if (answer === 'none') {
      if (index !== -1) hooks.splice(index, 1);
    } else if (index === -1) {
      const after = hooks.findIndex((h) => h.kind === 'stop-watcher');
      hooks.splice(after + 1, 0, { kind: 'guard', preset: answer as 'guard' });
    } else if (hooks[index]!.preset !== answer) {
      hooks[index] = { kind: 'guard', preset: answer as 'guard', ...(hooks[index]!.name ? { name: hooks[index]!.name } : {}) };
    }
  }

  /** Each hook's own next step (the loop: how to start one), from its preset. */
  private presetSteps(): string[] {
    const config = validateConfig(this.configFromAnswers());
    const target = TARGETS[config.target];
    return config.hooks.flatMap((hook) => findPreset(hook.preset)?.nextStep?.(hook as any, target) ?? []);
  }

  /** The other language of a repository with no package.json (then the default extras need no Node project). */
  private otherLanguage() {
    return otherLanguageOf(this.root);
  }

  /** Ask only a person: not with --yes (or npm's own --yes), not without a terminal. */
  interactive(): boolean {
    if (this.options.yes || process.env.npm_config_yes === 'true') return false;
    return this.options.interactive ?? process.stdin.isTTY === true;
  }

  private answersFromConfig(): Partial<InitAnswers> {
    if (!this.existing) return {};
    const stopWatcher = this.existing.hooks?.find((h) => h.kind === 'stop-watcher');
    // A config written before `extras` existed keeps generating what it did: none of them. One
    // that names no hooks either (`{}`) says nothing yet: init answers as for a new project.
    const saysNothing = this.existing.hooks === undefined && this.existing.extras === undefined;
    const extras = saysNothing ? undefined : EXTRA_IDS.filter((id) => this.existing!.extras?.[id] === true);
    const runtime = stopWatcher?.preset === 'loop' ? ((stopWatcher.options as { runtime?: 'bash' | 'node' } | undefined)?.runtime ?? 'bash') : undefined;
    const guard = this.existing.hooks?.find((h) => h.kind === 'guard');
    const cost = (stopWatcher?.options as { maxCostUsd?: number } | undefined)?.maxCostUsd;
    return { target: this.existing.target, stopWatcher: stopWatcher ? stopWatcher.preset : this.existing.hooks ? 'none' : undefined, guard: guard ? guard.preset : this.existing.hooks ? 'none' : undefined, runtime, extras, maxCostUsd: cost };
  }

  /** The chosen extras as the config writes them: every one, on or off. */
  private extrasRecord(): Record<ExtraId, boolean> {
    return Object.fromEntries(EXTRA_IDS.map((id) => [id, this.answers.extras.includes(id)])) as Record<ExtraId, boolean>;
  }

  /**
   * The config to write: the existing one with the answers applied, so hand-set options survive.
   * The stop-watcher question is about the first stop-watcher only: every other hook (one that
   * `add` created, a second stop-watcher) stays where it is. A config that names no hooks yet
   * (`{}`) is filled in like a new one, `$schema` included.
   */
  configFromAnswers(): RalphHooksConfigInput {
    const base: RalphHooksConfigInput = this.existing?.hooks !== undefined ? this.existing : { $schema: schemaUrl(this.answers.extras.includes('packageJson') || namesRalphHooks(this.root)), ...this.existing };
    const hooks = [...(base.hooks ?? [])];
    const index = hooks.findIndex((h) => h.kind === 'stop-watcher');
    const current = index === -1 ? undefined : hooks[index];
    const answer = this.answers.stopWatcher;
    // The loop's runtime is written only when it is not the default, or when it changes.
    const runtime = answer === 'loop' && this.answers.runtime === 'node' ? { options: { runtime: 'node' } } : {};
    if (answer === 'none') {
      if (current) hooks.splice(index, 1);
    } else if (!current) {
      hooks.unshift({ kind: 'stop-watcher' as const, preset: answer as 'specum', ...runtime });
    } else if (current.preset !== answer) {
      hooks[index] = { kind: 'stop-watcher' as const, preset: answer as 'specum', ...(current.name ? { name: current.name } : {}), ...runtime };
    } else if (answer === 'loop' && this.answers.runtime !== undefined) {
      const options = (current.options ?? {}) as Record<string, unknown>;
      if ((options.runtime ?? 'bash') !== this.answers.runtime) hooks[index] = { ...current, options: { ...options, runtime: this.answers.runtime } } as typeof current;
    }
    this.applyCostAnswer(hooks);
    this.applyGuardAnswer(hooks);
    const extras = this.extrasRecord();
    // An existing config without `extras` stays without it while none is chosen.
    const keepExtrasOut = this.existing !== undefined && base.extras === undefined && this.answers.extras.length === 0;
    return { ...base, target: this.answers.target, hooks, ...(keepExtrasOut ? {} : { extras }) };
  }
}

/** A folder that holds at least one entry. */
function hasFiles(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    return false;
  }
}

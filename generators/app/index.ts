/**
 * The `npm init ralph-hooks` generator: a lifecycle only. Questions live in
 * questions.ts; rendering, planning and writing in the core (src/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Generator from 'yeoman-generator';
import { applyPlan, diskWriter, resolveConflicts, type ConflictPolicy } from '../../src/apply.js';
import { validateConfig } from '../../src/config/load.js';
import { CONFIG_FILE, EXTRA_IDS, SCHEMA_URL, type ExtraId, type RalphHooksConfigInput } from '../../src/config/schema.js';
import { CliError } from '../../src/errors.js';
import { formatJson, parseJsonText } from '../../src/json-text.js';
import { planGeneration } from '../../src/plan.js';
import { askAboutConflict } from '../../src/prompt-conflict.js';
import { changesAsJson, summarize } from '../../src/report.js';
import { EXTRAS_QUESTION, parseExtrasFlag, QUESTIONS, validateAnswer, type InitAnswers } from './questions.js';

export interface InitOptions {
  yes?: boolean;
  target?: string;
  stopWatcher?: string;
  onConflict?: ConflictPolicy;
  quiet?: boolean;
  /** Print the list of files and their status as JSON (and no next steps). */
  json?: boolean;
  /** --extras: a list (or the flag's text: `vitest,cases`, `all`, `none`). */
  extras?: ExtraId[] | string;
  /** --no-<extra> flags: extras to leave off whatever else says. */
  withoutExtras?: ExtraId[];
  /** Force prompting on or off (tests); default: prompt when stdin is a terminal. */
  interactive?: boolean;
}

export default class RalphHooksGenerator extends Generator {
  declare options: Generator['options'] & InitOptions;
  private answers!: InitAnswers;
  private existing?: RalphHooksConfigInput;

  constructor(args: string[], options: any) {
    // ralph-hooks writes package.json itself when asked to; Yeoman's install step stays out of it.
    super(args, options, { customInstallTask: true });
    this.option('yes', { type: Boolean, alias: 'y', description: 'Take the default for every question' });
    for (const question of QUESTIONS) {
      this.option(question.flag, { type: String, description: `${question.message} (${question.choices.map((c) => c.value).join(' | ')})` });
    }
    this.option('extras', { type: String, description: `${EXTRAS_QUESTION.message} (comma-separated: ${EXTRAS_QUESTION.choices.map((c) => c.flag).join(', ')}; or all, none)` });
  }

  initializing() {
    const path = this.destinationPath(CONFIG_FILE);
    if (existsSync(path)) this.existing = parseJsonText(readFileSync(path, 'utf8'), CONFIG_FILE) as RalphHooksConfigInput;
  }

  /** A flag wins, then the existing config, then a prompt (on a terminal, without --yes), then the default. */
  async prompting() {
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
      Object.assign(answers, await this.prompt<Record<string, string>>(toAsk.map((q) => ({ type: 'select' as const, name: q.name, message: q.message, choices: q.choices as { value: string; name: string }[], default: q.default })) as any));
    }
    answers.extras = await this.extrasAnswer(answers.extras);
    this.answers = answers as InitAnswers;
  }

  /** The same order for the extras: --extras, then the config, then the checkbox, then all of them; --no-<extra> last. */
  private async extrasAnswer(fromConfig: ExtraId[] | undefined): Promise<ExtraId[]> {
    let extras: ExtraId[];
    const flag = this.options.extras;
    const without = this.options.withoutExtras ?? [];
    if (flag !== undefined) {
      const parsed = Array.isArray(flag) ? flag : parseExtrasFlag(flag);
      if (typeof parsed === 'string') throw new CliError(parsed);
      extras = parsed;
    } else if (fromConfig !== undefined) {
      extras = fromConfig;
    } else if (this.interactive() && without.length === 0) {
      const { extras: chosen } = await this.prompt<{ extras: ExtraId[] }>([
        {
          type: 'checkbox',
          name: EXTRAS_QUESTION.name,
          message: EXTRAS_QUESTION.message,
          choices: EXTRAS_QUESTION.choices.map((c) => ({ value: c.value, name: c.name, checked: true })),
          default: EXTRAS_QUESTION.default,
        } as any,
      ]);
      extras = chosen ?? [];
    } else {
      extras = [...EXTRAS_QUESTION.default];
    }
    return EXTRA_IDS.filter((id) => extras.includes(id) && !without.includes(id));
  }

  async writing() {
    const config = this.configFromAnswers();
    const configText = formatJson(config);
    const plan = planGeneration(this.destinationRoot(), validateConfig(config), { configText });
    const policy = this.options.onConflict ?? (this.interactive() ? 'ask' : 'fail');
    const settled = await resolveConflicts(plan, policy, askAboutConflict);
    const changes = applyPlan(settled, diskWriter(this.destinationRoot()));
    // console.log, not this.log: Yeoman's logger writes to stderr, and this is the command's output.
    if (this.options.json) console.log(changesAsJson(changes));
    else if (!this.options.quiet) console.log(summarize(changes));
  }

  end() {
    if (this.options.quiet || this.options.json) return;
    const extras = new Set(this.answers.extras);
    const tests = extras.has('vitest') || extras.has('bats') || extras.has('cases');
    console.log(
      [
        '',
        'Next steps:',
        ...(extras.has('packageJson') ? ['  - Install what the hooks and their tests need: npm install'] : []),
        ...(extras.has('packageJson') && tests ? ['  - Run the hook tests: npm run test:hooks'] : []),
        `  - Edit ${CONFIG_FILE} (your editor completes it from the JSON Schema), then run: npx ralph-hooks generate`,
        '  - Replay the recorded cases: npx ralph-hooks test',
        '  - Check the setup: npx ralph-hooks doctor',
      ].join('\n'),
    );
  }

  /** Ask only a person: not with --yes (or npm's own --yes), not without a terminal. */
  private interactive(): boolean {
    if (this.options.yes || process.env.npm_config_yes === 'true') return false;
    return this.options.interactive ?? process.stdin.isTTY === true;
  }

  private answersFromConfig(): Partial<InitAnswers> {
    if (!this.existing) return {};
    const stopWatcher = this.existing.hooks?.find((h) => h.kind === 'stop-watcher');
    // A config written before `extras` existed keeps generating what it did: none of them.
    const extras = EXTRA_IDS.filter((id) => this.existing!.extras?.[id] === true);
    return { target: this.existing.target, stopWatcher: stopWatcher ? stopWatcher.preset : this.existing.hooks ? 'none' : undefined, extras };
  }

  /** The config to write: the existing one with the answers applied, so hand-set options survive. */
  private configFromAnswers(): RalphHooksConfigInput {
    const base: RalphHooksConfigInput = this.existing ?? { $schema: SCHEMA_URL };
    const others = (base.hooks ?? []).filter((h) => h.kind !== 'stop-watcher');
    const current = (base.hooks ?? []).find((h) => h.kind === 'stop-watcher');
    const stopWatcher =
      this.answers.stopWatcher === 'none'
        ? []
        : [current?.preset === this.answers.stopWatcher ? current : { kind: 'stop-watcher' as const, preset: this.answers.stopWatcher as 'specum' }];
    const extras = Object.fromEntries(EXTRA_IDS.map((id) => [id, this.answers.extras.includes(id)])) as Record<ExtraId, boolean>;
    // An existing config without `extras` stays without it while none is chosen.
    const keepExtrasOut = this.existing !== undefined && base.extras === undefined && this.answers.extras.length === 0;
    return { ...base, target: this.answers.target, hooks: [...stopWatcher, ...others], ...(keepExtrasOut ? {} : { extras }) };
  }
}

export const GENERATOR_PATH = join(import.meta.dirname ?? '', 'index.js');

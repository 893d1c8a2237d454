/**
 * The `npm init ralph-hooks` generator: a lifecycle only. Questions live in
 * questions.ts; rendering, planning and writing in the core (src/).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import Generator from 'yeoman-generator';
import { applyPlan, diskWriter, resolveConflicts, type ConflictPolicy } from '../../src/apply.js';
import { validateConfig } from '../../src/config/load.js';
import { CONFIG_FILE, SCHEMA_URL, type RalphHooksConfigInput } from '../../src/config/schema.js';
import { CliError } from '../../src/errors.js';
import { formatJson, parseJsonText } from '../../src/json-text.js';
import { planGeneration } from '../../src/plan.js';
import { askAboutConflict } from '../../src/prompt-conflict.js';
import { summarize } from '../../src/report.js';
import { QUESTIONS, validateAnswer, type InitAnswers } from './questions.js';

export interface InitOptions {
  yes?: boolean;
  target?: string;
  stopWatcher?: string;
  onConflict?: ConflictPolicy;
  quiet?: boolean;
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
    this.answers = answers as InitAnswers;
  }

  async writing() {
    const config = this.configFromAnswers();
    const configText = formatJson(config);
    const plan = planGeneration(this.destinationRoot(), validateConfig(config), { configText });
    const policy = this.options.onConflict ?? (this.interactive() ? 'ask' : 'fail');
    const settled = await resolveConflicts(plan, policy, askAboutConflict);
    const changes = applyPlan(settled, diskWriter(this.destinationRoot()));
    // console.log, not this.log: Yeoman's logger writes to stderr, and this is the command's output.
    if (!this.options.quiet) console.log(summarize(changes));
  }

  end() {
    if (this.options.quiet) return;
    console.log(
      [
        '',
        'Next steps:',
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
    return { target: this.existing.target, stopWatcher: stopWatcher ? stopWatcher.preset : this.existing.hooks ? 'none' : undefined };
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
    return { ...base, target: this.answers.target, hooks: [...stopWatcher, ...others] };
  }
}

export const GENERATOR_PATH = join(import.meta.dirname ?? '', 'index.js');

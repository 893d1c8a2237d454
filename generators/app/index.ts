/**
 * The `npm init ralph-hooks` generator: a lifecycle only, over InitFlow (init-flow.ts), which
 * holds the answers, the config and the writing. Questions live in questions.ts; rendering,
 * planning and writing in the core (src/).
 */
import { join } from 'node:path';
import Generator from 'yeoman-generator';
import { COST_QUESTION, EXTRAS_QUESTION, QUESTIONS, RUNTIME_QUESTION } from './questions.js';
import { InitFlow, type InitOptions, type Prompt } from './init-flow.js';

export { isPromptAbort, type InitOptions } from './init-flow.js';
/**
 * The environment that runs this generator (`ralph-hooks init` on a terminal). The build bundles
 * yeoman-generator and yeoman-environment into dist/generators/app/index.js
 * (scripts/bundle-generator.mjs): neither is a dependency of the published package.
 */
export { createEnv } from 'yeoman-environment';

export default class RalphHooksGenerator extends Generator {
  declare options: Generator['options'] & InitOptions;
  private readonly flow: InitFlow;

  constructor(args: string[], options: any) {
    // ralph-hooks writes package.json itself when asked to; Yeoman's install step stays out of it.
    super(args, options, { customInstallTask: true });
    this.option('yes', { type: Boolean, alias: 'y', description: 'Take the default for every question' });
    for (const question of QUESTIONS) {
      this.option(question.flag, { type: String, description: `${question.message} (${question.choices.map((c) => c.value).join(' | ')})` });
    }
    this.option(RUNTIME_QUESTION.flag, { type: String, description: `${RUNTIME_QUESTION.message} (${RUNTIME_QUESTION.choices.map((c) => c.value).join(' | ')})` });
    this.option(COST_QUESTION.flag, { type: String, description: `${COST_QUESTION.message} (dollars, or none)` });
    this.option('extras', { type: String, description: `${EXTRAS_QUESTION.message} (comma-separated: ${EXTRAS_QUESTION.choices.map((c) => c.flag).join(', ')}; or all, none)` });
    this.flow = new InitFlow(this.destinationRoot(), this.options, ((questions: any) => this.prompt(questions)) as Prompt);
  }

  /** Run a lifecycle step; an error is kept for the command, and every later step is skipped. */
  private async _guard(step: () => unknown): Promise<void> {
    const outcome = this.options.outcome;
    if (outcome?.error !== undefined) return;
    try {
      await step();
    } catch (error) {
      if (!outcome) throw error;
      outcome.error = error;
    }
  }

  initializing() {
    return this._guard(() => this.flow.readExisting());
  }

  /**
   * A flag wins, then the existing config, then a prompt (on a terminal, without --yes), then the
   * default. After the prompts, one more question lets a person go back and answer again.
   */
  async prompting() {
    try {
      await this._guard(async () => {
        for (;;) {
          const { answers, asked } = await this.flow.ask();
          this.flow.answers = answers;
          if (!asked || (await this._confirmed())) return;
        }
      });
    } finally {
      await this._guard(() => this.options.onQuestionsDone?.());
    }
  }

  /** "Go ahead, or change my answers?": the way back through the questions. */
  private async _confirmed(): Promise<boolean> {
    const watcher = this.flow.answers.runtime ? `${this.flow.answers.stopWatcher} (${this.flow.answers.runtime})` : this.flow.answers.stopWatcher;
    const cap = this.flow.answers.maxCostUsd === undefined ? "" : `, cost cap $${this.flow.answers.maxCostUsd}`;
    const summary = `target ${this.flow.answers.target}, stop-watcher ${watcher}${cap}, guard ${this.flow.answers.guard}, extras: ${this.flow.answers.extras.join(', ') || 'none'}`;
    const { next } = await this.prompt<{ next: string }>([
      {
        type: 'select',
        name: 'next',
        message: `Write the files for ${summary}?`,
        choices: [
          { value: 'write', name: 'yes, write them' },
          { value: 'back', name: 'no, change my answers' },
        ],
        default: 'write',
      } as any,
    ]);
    return next !== 'back';
  }

  writing() {
    return this._guard(() => this.flow.write());
  }

  end() {
    if (this.options.outcome?.error !== undefined) return;
    const steps = this.flow.nextSteps();
    if (steps !== undefined) console.log(steps);
  }
}

export const GENERATOR_PATH = join(import.meta.dirname ?? '', 'index.js');

/** Doctor's checks against a fresh plan: formatting, the manifest, and whether generate is due. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { RalphHooksConfig } from '../config/schema.js';
import type { Finding } from '../hook-types.js';
import { readManifest, sha256 } from '../generate/manifest.js';
import { packageVersion } from '../util/package-info.js';
import { planGeneration, type Plan } from '../generate/plan.js';
import { notInstalled } from '../formatters/index.js';
import { rhCommand } from '../package-managers/project.js';

import { ok, problem } from './finding.js';

export type Planned = { plan: Plan; error?: undefined } | { plan?: undefined; error: Error };

/** What generate would do now: planned once, for RH09, RH10 and RH23. */
export function planOrError(root: string, config: RalphHooksConfig): Planned {
  try {
    return { plan: planGeneration(root, config) };
  } catch (error) {
    return { error: error as Error };
  }
}

/**
 * RH23: the project's formatter, which formats what ralph-hooks writes (formatters/), what went
 * wrong with it, and one line when it is set up but not installed.
 */
export function checkFormatting({ plan }: Planned): Finding[] {
  const formatting = plan?.formatting;
  if (!formatting) return [];
  const findings: Finding[] = formatting.active.map((f) => ok('RH23', `${f.spec.name} ${f.version} (${f.configFile}) formats what ralph-hooks writes`));
  if (formatting.missing.length) {
    const { message, fix } = notInstalled(formatting.missing);
    findings.push(problem('RH23', message, fix));
  }
  findings.push(...formatting.warnings.map((w) => ({ code: 'RH23', ok: true, warning: true, message: w })));
  return findings;
}

export function checkManifest(root: string, plan: Plan | undefined): Finding[] {
  const manifest = readManifest(root);
  if (!manifest) return [problem('RH09', 'There is no .ralph-hooks/manifest.json: hand edits cannot be told from stale files.', `Run: ${rhCommand('generate')}`)];
  const adopted = manifest.adopted ?? {};
  // A file that is what generate would write now is no hand edit, whatever the manifest recorded
  // (the project's formatter with a config changed since, say): the manifest is only behind.
  const asGenerated = new Set((plan?.changes ?? []).filter((c) => c.tracked && c.current !== undefined && c.current === c.content).map((c) => c.path));
  const behind: string[] = [];
  const drift = Object.entries(manifest.files).filter(([path, hash]) => {
    const file = join(root, path);
    if (!existsSync(file)) return true;
    const actual = sha256(readFileSync(file, 'utf8'));
    if (actual === hash || actual === adopted[path]) return false;
    if (asGenerated.has(path)) behind.push(path);
    return !asGenerated.has(path);
  });
  const adoptedCount = Object.keys(adopted).filter((path) => manifest.files[path] !== undefined).length;
  if (drift.length === 0 && behind.length === 0) {
    return [ok('RH09', `the manifest matches all ${Object.keys(manifest.files).length} generated file(s)${adoptedCount ? ` (${adoptedCount} of them your adopted edit)` : ''}`)];
  }
  const findings = drift.map(([path]) =>
    problem(
      'RH09',
      existsSync(join(root, path)) ? `${path} differs from what ralph-hooks wrote (edited by hand).` : `${path} is in the manifest but missing.`,
      existsSync(join(root, path)) ? `Adopt the edit (${rhCommand('generate --on-conflict=adopt')}), or restore it: ${rhCommand('generate --force')}` : `Run: ${rhCommand('generate')}`,
    ),
  );
  if (behind.length) {
    findings.push(problem('RH09', `${behind.length} generated file(s) are not what the manifest recorded, but are what generate writes now (reformatted by the project's formatter, say), so no hand edit: ${behind.join(', ')}. The manifest is behind.`, `Run: ${rhCommand('generate')}   (it records them; the files stay as they are)`));
  }
  return findings;
}

export function checkUpToDate(planned: Planned): Finding[] {
  if (planned.error) return [problem('RH10', planned.error.message, 'Fix the file named above.')];
  // Without the project's formatter, every file would look out of date: RH23 says why, once.
  if (planned.plan.formatting?.missing.length) return [];
  try {
    const { changes, previousManifest } = planned.plan;
    // Same content, executable bit lost (chmod -x, a zip download): a mode problem, not a config one.
    const modeOnly = changes.filter((c) => c.status === 'update' && c.current === c.content && c.executable);
    const pending = changes.filter((c) => (c.status === 'create' || c.status === 'update' || c.status === 'remove') && !modeOnly.includes(c));
    const findings = modeOnly.map((c) =>
      problem('RH12', `${c.path} is not executable any more (its content is as generated; its hook command starts it through an interpreter, so it still runs).`, `chmod +x ${c.path}   (or: ${rhCommand('generate')})`),
    );
    // An adopted edit made from an older rendering: the script runs without what the config asks.
    const lacking = changes.filter((c) => c.lacksConfig);
    findings.push(...lacking.map((c) => problem('RH10', `${c.path} is your adopted edit, made before a config change it lacks: the hook does not do what the config says.`, `See what it lacks: ${rhCommand('generate --dry-run --force')}; fold that into your edit and adopt it again (generate --on-conflict=adopt), or restore the generated version: ${rhCommand('generate --force')}`)));
    if (pending.length === 0) return lacking.length ? findings : [...findings, ok('RH10', 'the generated files match the config')];
    // Files written by another ralph-hooks: the installed one renders them anew, and upgrade says what changes.
    const writtenBy = previousManifest?.generator;
    const now = `ralph-hooks@${packageVersion()}`;
    if (writtenBy && writtenBy !== now && writtenBy !== 'unknown') {
      return [...findings, problem('RH10', `The files were generated by ${writtenBy}; ${now} is installed and renders ${pending.length} of them differently: ${pending.map((c) => c.path).join(', ')}.`, `Run: ${rhCommand('upgrade')}   (it shows what changes in each hook, then writes it)`)];
    }
    return [...findings, problem('RH10', `The config asks for changes not generated yet: ${pending.map((c) => c.path).join(', ')}.`, `Run: ${rhCommand('generate')}`)];
  } catch (error) {
    return [problem('RH10', (error as Error).message, 'Fix the file named above.')];
  }
}

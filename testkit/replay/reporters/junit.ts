/**
 * JUnit XML in the Apache Ant format that CI systems read (one <testsuites> with one
 * <testsuite>, a <testcase> per case named after it). test/fixtures/junit/junit.xsd
 * describes the format and the tests validate against it with xmllint.
 */
import { hostname } from 'node:os';
import { dirname } from 'node:path';
import type { RunSummary } from '../runner.js';
import { failureDetails } from './details.js';

// XML 1.0 forbids most control characters even when escaped; hook output may contain them.
const INVALID_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

export function xmlEscape(text: string): string {
  return text
    .replace(INVALID_XML, (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** Dotted class name from the case file's folder: test/hook-cases/specum → test.hook-cases.specum. */
function className(relativePath: string): string {
  const dir = dirname(relativePath);
  return dir === '.' ? 'hook-cases' : dir.split(/[\\/]/).join('.');
}

export function junitReport(summary: RunSummary, startedAt = new Date()): string {
  const { outcomes } = summary;
  const failures = outcomes.filter((o) => o.status === 'fail').length;
  const errors = outcomes.filter((o) => o.status === 'error').length;
  const timestamp = startedAt.toISOString().slice(0, 19);
  const cases = outcomes.map((outcome) => {
    const open = `    <testcase name="${xmlEscape(outcome.name)}" classname="${xmlEscape(className(outcome.relative))}" time="${seconds(outcome.durationMs)}"`;
    if (outcome.status === 'pass') return `${open}/>`;
    const details = xmlEscape(failureDetails(outcome));
    const element =
      outcome.status === 'error'
        ? `<error message="${xmlEscape(outcome.error ?? 'error')}" type="CaseError">${details}</error>`
        : `<failure message="${xmlEscape(outcome.steps.flatMap((s) => s.failures.map((f) => f.field)).join(', '))}" type="HookAssertionError">${details}</failure>`;
    return `${open}>\n      ${element}\n    </testcase>`;
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<testsuites>',
    `  <testsuite name="ralph-hooks" package="ralph-hooks" id="0" timestamp="${timestamp}" hostname="${xmlEscape(hostname() || 'localhost')}" tests="${outcomes.length}" failures="${failures}" errors="${errors}" skipped="0" time="${seconds(summary.durationMs)}">`,
    '    <properties/>',
    ...cases,
    '    <system-out/>',
    '    <system-err/>',
    '  </testsuite>',
    '</testsuites>',
    '',
  ].join('\n');
}

/**
 * Versions as the agents' CLIs print them (2.1.332): dotted numbers, compared part by part. One
 * small helper shared by doctor (RH11) and the testkit's contract snapshots; semver would be
 * heavier than the need (no ranges, no pre-releases are ever compared).
 */

/** -1, 0 or 1 for dotted numeric versions. */
export function compareVersions(a: string, b: string): number {
  const pa = a.split('.').map(Number);
  const pb = b.split('.').map(Number);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const d = (pa[i] ?? 0) - (pb[i] ?? 0);
    if (d !== 0) return Math.sign(d);
  }
  return 0;
}

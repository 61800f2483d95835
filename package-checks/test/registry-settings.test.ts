import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { bin, fromRoot } from '../../scripts/lib/paths.ts'
import { runToCompletion } from '../../scripts/lib/processes.ts'
import { npmInstall } from '../lib/npm.ts'
import { closedPortUrl } from '../matrix/closed-port.ts'

const work = mkdtempSync(join(tmpdir(), 'todokit-registry-'))
afterAll(() => rmSync(work, { recursive: true, force: true }))

describe('registry settings', () => {
  it("reach the npm that a turbo task starts under Node 24, from the outer npm's global config", async () => {
    // A one-workspace repository with todokit's turbo.json, whose task asks npm (run by this
    // Node 24, as in our tests) which registry, proxy and CA bundle it would use.
    const repo = join(work, 'repo')
    mkdirSync(join(repo, 'probe'), { recursive: true })
    writeFileSync(join(repo, 'turbo.json'), readFileSync(fromRoot('turbo.json')))
    writeFileSync(
      join(repo, 'package.json'),
      JSON.stringify({
        name: 'repo',
        private: true,
        workspaces: ['probe'],
        packageManager: 'npm@11.19.1',
      }),
    )
    const seen = join(work, 'seen.txt')
    const probe = `cd / && npm config get registry https-proxy cafile > ${seen} && node -p 'process.env.NODE_EXTRA_CA_CERTS' >> ${seen}`
    writeFileSync(
      join(repo, 'probe', 'package.json'),
      JSON.stringify({ name: 'probe', scripts: { test: probe } }),
    )
    // What a corporate machine has: a registry mirror, a proxy and a CA bundle in npm's global
    // config, which the outer npm hands down to its scripts as npm_config_* variables.
    const globalConfig = join(work, 'npmrc')
    writeFileSync(
      globalConfig,
      'registry=http://127.0.0.1:9/mirror/\nhttps-proxy=http://127.0.0.1:9/\ncafile=/corporate/ca.pem\n',
    )
    await runToCompletion('git', ['init', '-q', repo])
    const run = await runToCompletion(bin('turbo'), ['run', 'test', '--output-logs=errors-only'], {
      cwd: repo,
      env: {
        // Only what the global config says: none of this run's own npm settings.
        ...Object.fromEntries(
          Object.entries(process.env).filter(([name]) => !name.startsWith('npm_config_')),
        ),
        PATH: `${dirname(process.execPath)}:${process.env.PATH}`,
        npm_config_globalconfig: globalConfig,
        NODE_EXTRA_CA_CERTS: '/corporate/ca.pem',
      },
    })
    expect(run.code, run.stdout + run.stderr).toBe(0)
    expect(readFileSync(seen, 'utf8').split('\n')).toEqual([
      'registry=http://127.0.0.1:9/mirror/',
      'https-proxy=http://127.0.0.1:9/',
      'cafile=/corporate/ca.pem',
      '/corporate/ca.pem',
      '',
    ])
  })

  it('make an install that cannot reach the registry fail at once, naming the package and why', async () => {
    const project = join(work, 'unreachable')
    mkdirSync(project)
    writeFileSync(join(project, 'package.json'), '{"name":"unreachable","private":true}')
    const registry = `${await closedPortUrl()}/`
    const install = npmInstall(['left-pad@1.3.0'], {
      cwd: project,
      // An empty cache, as on a new machine, so npm has to ask the registry.
      env: { ...process.env, npm_config_registry: registry, npm_config_cache: join(work, 'cache') },
    })
    await expect(install).rejects.toThrow(
      new RegExp(
        `^npm install left-pad@1\\.3\\.0 failed: .*${registry}left-pad.*ECONNREFUSED`,
        's',
      ),
    )
    // npm's own retry policy (10 s, then 60 s) would take more than a minute here.
  }, 60_000)
})

import { describe, expect, it } from 'vitest';
import { UsageError, parseCommandLine } from './args';

describe('parseCommandLine', () => {
  it('parses an enrich command with several seeds and every option', () => {
    expect(
      parseCommandLine([
        'enrich',
        '--case',
        'c.sqlite',
        '--seed',
        'Organization=Acme',
        '--seed',
        'AutonomousSystem=AS64500',
        '--config',
        'c.json',
        '--depth',
        '3',
        '--export',
        'out.json',
        '--data-dir',
        'd',
      ]),
    ).toEqual({
      command: 'enrich',
      casePath: 'c.sqlite',
      seeds: [
        { type: 'Organization', asset: { unique_id: 'acme', name: 'Acme' } },
        { type: 'AutonomousSystem', asset: { number: 64500 } },
      ],
      notices: [],
      configPath: 'c.json',
      depth: 3,
      exportPath: 'out.json',
      dataDir: 'd',
    });
  });

  it('keeps the notice of a seed that was made canonical', () => {
    const command = parseCommandLine(['enrich', '--case', 'c.sqlite', '--seed', 'Netblock=8.8.8.8/24']);
    expect(command).toMatchObject({
      seeds: [{ type: 'Netblock', asset: { cidr: '8.8.8.0/24' } }],
      notices: ['host bits of 8.8.8.8/24 cleared: the network is 8.8.8.0/24'],
    });
  });

  it('refuses an LEI seed whose check digits do not verify', () => {
    expect(() =>
      parseCommandLine(['enrich', '--case', 'c.sqlite', '--seed', 'Identifier=lei:851WYGNLUQLFZBSYGB57']),
    ).toThrow(/check digits/);
  });

  it('parses an export command', () => {
    expect(parseCommandLine(['export', '--case', 'c.sqlite', '--out', 'o.json'])).toEqual({
      command: 'export',
      casePath: 'c.sqlite',
      outPath: 'o.json',
    });
  });

  it.each([
    [[], /no command/],
    [['enrich', '--seed', 'Organization=A'], /--case is required/],
    [['enrich', '--case', 'c'], /at least one --seed/],
    [['enrich', '--case', 'c', '--seed', 'Planet=Mars'], /unknown seed type "Planet"/],
    [['enrich', '--case', 'c', '--seed', 'Organization=A', '--depth', '11'], /--depth/],
    [['enrich', '--case', 'c', '--seed', 'Organization=A', '--depth', '-1'], /--depth|argument/],
    [['enrich', '--case', 'c', '--seed', 'Organization=A', 'stray'], /positional|Unexpected argument/],
    [['export', '--case', 'c'], /--out is required/],
    [['import'], /unknown command "import"/],
  ])('rejects %j', (argv, message) => {
    expect(() => parseCommandLine(argv)).toThrow(UsageError);
    expect(() => parseCommandLine(argv)).toThrow(message);
  });

  it('parses a copy command with its case and output file', () => {
    expect(parseCommandLine(['copy', '--case', 'c.sqlite', '--out', 'copy.sqlite'])).toEqual({
      command: 'copy',
      casePath: 'c.sqlite',
      outPath: 'copy.sqlite',
    });
  });

  it('refuses a copy command without its output file', () => {
    expect(() => parseCommandLine(['copy', '--case', 'c.sqlite'])).toThrow(/--out is required/);
  });
});

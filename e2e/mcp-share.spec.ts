// A link an agent made with `timescope mcp`'s share_link opens in the app at the same step, with the
// email the trace held replaced. The real built server, driven by the SDK's own client, as an
// agent's would (the CLI build comes from the unit stage, which builds dist-cli first).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { test, expect } from '@playwright/test';
import { AppPage } from './pages/AppPage';
import { fixture } from './support/files';

test('share_link from the MCP server opens at its step, redacted', async ({ page, baseURL }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'timescope-mcp-e2e-'));
  const client = new Client({ name: 'timescope-e2e', version: '1.0.0' });
  try {
    const trace = JSON.parse(readFileSync(fixture('checkout-zero-total/expected/trace.json'), 'utf8')) as { initialInput: Record<string, unknown> };
    trace.initialInput.email = 'ann.lee@example.com';
    writeFileSync(path.join(dir, 'trace.json'), JSON.stringify(trace));
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [path.resolve('bin/timescope.mjs'), 'mcp'], cwd: dir, stderr: 'pipe' }));
    const opened = (await client.callTool({ name: 'open_incident', arguments: { source: 'trace.json' } })) as unknown as { structuredContent: { id: string } };
    const shared = (await client.callTool({ name: 'share_link', arguments: { id: opened.structuredContent.id, appUrl: `${baseURL}/`, step: 2 } })) as unknown as {
      structuredContent: { link: string; redacted: { replacements: number } };
    };
    expect(shared.structuredContent.redacted.replacements).toBeGreaterThan(0);
    await page.goto(shared.structuredContent.link);
    const app = new AppPage(page);
    await app.timeline.expectSteps(3);
    await app.timeline.expectSelected(2, 'cmdValidatePromo');
    await expect(page.locator('body')).not.toContainText('ann.lee@example.com');
  } finally {
    await client.close();
    rmSync(dir, { recursive: true, force: true });
  }
});

import { mkdtemp, readdir, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMailer } from './mailer';
import { passwordChangedEmail, resetCodeEmail } from './templates';

describe('mailer without SMTP', () => {
  it('writes each message as a JSON file (to, subject, text, html) and logs where, without the body', async () => {
    const dir = join(await mkdtemp(join(tmpdir(), 'rhema-mail-')), 'nested');
    const lines: string[] = [];
    const mailer = createMailer({
      mailDir: dir,
      from: 'Rhema <no-reply@rhema.example>',
      log: { info: (m) => lines.push(m), error: () => undefined },
    });
    await mailer.send(
      resetCodeEmail({ to: 'ada@example.test', firstName: 'Ada <b>', code: '042917', minutes: 10 }),
    );
    const [file] = await readdir(dir);
    const message = JSON.parse(await readFile(join(dir, file!), 'utf8')) as Record<string, string>;
    expect(message).toMatchObject({ to: 'ada@example.test', subject: 'Your Rhema password reset code' });
    expect(message.text).toContain('042917');
    expect(message.html).toContain('042917');
    expect(message.html).toContain('Ada &lt;b&gt;');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(dir);
    expect(lines.join('')).not.toContain('042917');
    expect(lines.join('')).not.toContain('ada@example.test');
  });

  it('the password-changed notice says what happened and what to do', () => {
    const mail = passwordChangedEmail({
      to: 'a@b.test',
      firstName: 'Ada',
      when: new Date('2026-01-02T03:04:05Z'),
    });
    expect(mail.subject).toBe('Your Rhema password was changed');
    expect(mail.text).toContain('2026-01-02 03:04 UTC');
    expect(mail.text).toMatch(/signed you out everywhere/);
  });
});

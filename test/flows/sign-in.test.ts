// Signing in through the real sign-in page on every engine, at phone and desktop width: with a password only, and
// with a password and a second factor (a time code the test computes from the secret the account API enrolled).
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createProjectRow, createUser } from '../setup/auth';
import { axeSerious, bodyText, overflow, signIn, submitPassword, waitForSelector, waitForText } from '../setup/neutral/steps';
import { signIn as apiSignIn } from '../setup/session';
import { base32Decode, generateTotp } from '../../src/server/auth/totp';
import { onEngine, startFlowWorld, WIDTHS, type FlowWorld } from './flow-world';

const PASSWORD = 'Fixture-Password-1';
let world: FlowWorld;
const t = suite(onEngine('flow: sign-in'));
t.before(async () => {
  world = await startFlowWorld();
  await createProjectRow(world.server, 'flow-study');
});
t.after(async () => {
  await world?.close();
});

/** Enrols `login` in two-factor sign-in through the account API; answers the secret. */
async function enrol(login: string): Promise<string> {
  const client = await apiSignIn(world.server, login, PASSWORD);
  const started = await client.request('POST', '/api/account/two-factor/enrol');
  assert.is(started.status, 200, started.text);
  const { secret } = started.body as { secret: string };
  const confirmed = await client.request('POST', '/api/account/two-factor/confirm', { json: { code: generateTotp(base32Decode(secret)!, Date.now()) } });
  assert.is(confirmed.status, 200, confirmed.text);
  return secret;
}

for (const [name, size] of Object.entries(WIDTHS)) {
  t(`${name}: a password is enough without a second factor`, async () => {
    const login = `flow-pw-${name}`;
    await createUser(world.server, login, [{ authority: 'ROLE_PROJECT_ADMIN', project: 'flow-study' }], { password: PASSWORD });
    const driver = await world.driver();
    await driver.setViewport(size);
    await driver.goto(`${world.server.url}/api/redirect/login`);
    await waitForSelector(driver, 'input[name=username]');
    assert.equal(await axeSerious(driver), [], 'sign-in page');
    await signIn(driver, world.server.url, login, PASSWORD);
    await waitForText(driver, `You are logged in as user "${login}"`);
    assert.equal(await axeSerious(driver), [], 'home, signed in');
    const { over, culprits } = await overflow(driver);
    assert.ok(over <= 0, `${over} px too wide: ${culprits.join(', ')}`);
    assert.equal(await driver.problems(), []);
  });

  t(`${name}: with a second factor, the code step follows the password`, async () => {
    const login = `flow-2fa-${name}`;
    await createUser(world.server, login, [{ authority: 'ROLE_PROJECT_ADMIN', project: 'flow-study' }], { password: PASSWORD });
    const secret = await enrol(login);
    const driver = await world.driver();
    await driver.setViewport(size);
    await submitPassword(driver, world.server.url, login, PASSWORD);
    await waitForSelector(driver, 'input[name=two-factor-code]');
    assert.is(await driver.evaluate(() => document.querySelector('input[name=two-factor-code]')!.getAttribute('inputmode')), 'numeric');
    assert.equal(await axeSerious(driver), [], 'second step');
    // The next step's code: the confirming code's step is used up.
    await driver.type('input[name=two-factor-code]', generateTotp(base32Decode(secret)!, Date.now() + 30_000));
    await driver.click('button[type=submit]');
    await waitForSelector(driver, '#account-menu', 30000);
    await waitForText(driver, `You are logged in as user "${login}"`);
    assert.not.match(await bodyText(driver), /two-factor-code/);
    assert.equal(await driver.problems(), []);
  });
}

t.run();

/**
 * argon2id through Bun.password. Each hash takes 64 MiB, so at most two run at once: a login flood queues
 * here instead of exhausting memory.
 */
const MAX_CONCURRENT = 2;
let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
	if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
	running++;
	try {
		return await work();
	} finally {
		running--;
		waiting.shift()?.();
	}
}

export const hashPassword = (password: string) =>
	withSlot(() => Bun.password.hash(password, { algorithm: "argon2id" }));

export const verifyPassword = (password: string, hash: string) => withSlot(() => Bun.password.verify(password, hash));

let dummyHash: Promise<string> | undefined;
/** Spends the same time as a real check, so a login for an unknown user does not answer faster. */
export async function verifyAgainstDummy(password: string): Promise<false> {
	dummyHash ??= hashPassword("dummy-password-for-timing!A1");
	await verifyPassword(password, await dummyHash);
	return false;
}

/**
 * argon2id through Bun.password, two passes. Each hash takes its memory (64 MiB unless configured), so at most
 * two run at once: a login flood queues here instead of exhausting memory. One per runtime.
 */
import { DEFAULT_HASH_MEMORY_KIB } from "../lib/password-memory.ts";

const MAX_CONCURRENT = 2;

export class PasswordHasher {
	constructor(private readonly memoryKib = DEFAULT_HASH_MEMORY_KIB) {}

	private running = 0;
	private readonly waiting: (() => void)[] = [];
	private dummyHash: Promise<string> | undefined;

	hash(password: string) {
		return this.withSlot(() =>
			Bun.password.hash(password, { algorithm: "argon2id", memoryCost: this.memoryKib, timeCost: 2 }),
		);
	}

	verify(password: string, hash: string) {
		return this.withSlot(() => Bun.password.verify(password, hash));
	}

	/** Spends the same time as a real check, so a login for an unknown user does not answer faster. */
	async verifyAgainstDummy(password: string): Promise<false> {
		this.dummyHash ??= this.hash("dummy-password-for-timing!A1");
		await this.verify(password, await this.dummyHash);
		return false;
	}

	private async withSlot<T>(work: () => Promise<T>): Promise<T> {
		if (this.running >= MAX_CONCURRENT) await new Promise<void>((resolve) => this.waiting.push(resolve));
		this.running++;
		try {
			return await work();
		} finally {
			this.running--;
			this.waiting.shift()?.();
		}
	}
}

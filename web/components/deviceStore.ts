/**
 * A small promise face on IndexedDB: one database of one object store, records keyed by a field of theirs.
 * For what must outlive a reload and a lost connection on this device (a report waiting to be sent).
 */
const VERSION = 1;

export type DeviceStore<T> = {
	all(): Promise<T[]>;
	put(record: T): Promise<void>;
	remove(key: string): Promise<void>;
};

const done = <R>(request: IDBRequest<R>) =>
	new Promise<R>((resolve, reject) => {
		request.onsuccess = () => resolve(request.result);
		request.onerror = () => reject(request.error);
	});

/** The store `name` of database `name`, opened on first use; records are keyed by their `keyPath` field. */
export function deviceStore<T>(name: string, keyPath: keyof T & string): DeviceStore<T> {
	let opened: Promise<IDBDatabase> | null = null;
	const db = () => {
		opened ??= new Promise<IDBDatabase>((resolve, reject) => {
			const request = indexedDB.open(name, VERSION);
			request.onupgradeneeded = () => request.result.createObjectStore(name, { keyPath });
			request.onsuccess = () => {
				// Another tab deleting the database (a sign-out there) must not wait for this one.
				request.result.onversionchange = () => {
					request.result.close();
					opened = null;
				};
				resolve(request.result);
			};
			request.onerror = () => {
				opened = null;
				reject(request.error);
			};
		});
		return opened;
	};
	const run = async <R>(mode: IDBTransactionMode, work: (store: IDBObjectStore) => IDBRequest<R>) => {
		const tx = (await db()).transaction(name, mode);
		const result = done(work(tx.objectStore(name)));
		await new Promise<void>((resolve, reject) => {
			tx.oncomplete = () => resolve();
			tx.onerror = () => reject(tx.error);
			tx.onabort = () => reject(tx.error);
		});
		return result;
	};
	return {
		all: () => run("readonly", (store) => store.getAll() as IDBRequest<T[]>),
		put: async (record) => {
			await run("readwrite", (store) => store.put(record));
		},
		remove: async (key) => {
			await run("readwrite", (store) => store.delete(key));
		},
	};
}

/** Deletes database `name` and everything in it (at sign-out). */
export function forgetDeviceStore(name: string) {
	return new Promise<void>((resolve) => {
		try {
			const request = indexedDB.deleteDatabase(name);
			request.onsuccess = () => resolve();
			request.onerror = () => resolve();
			request.onblocked = () => resolve();
		} catch {
			resolve(); // no IndexedDB here: nothing was kept
		}
	});
}

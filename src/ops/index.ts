/** Operations: health, backup and restore, the data folder's lock, WAL checkpoints, storage trouble. */
export { backupDatabase, OpsError, restoreDatabase } from "./backup.ts";
export { startCheckpointer } from "./checkpointer.ts";
export type { DataDirLock } from "./data-lock.ts";
export { dataDirHolder, describeHolder, inUseMessage, lockDataDir, releasePidFile, writePidFile } from "./data-lock.ts";
export type { Health } from "./health.ts";
export { HEALTH_PATH, HEALTH_PROBE_MS, HealthMonitor, healthRoute, healthSnapshot, VERSION } from "./health.ts";
export {
	isStorageFailure,
	STORAGE_RETRY_AFTER_SECONDS,
	STORAGE_TROUBLE_MESSAGE,
	StorageTrouble,
} from "./storage-trouble.ts";

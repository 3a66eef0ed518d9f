/**
 * A shopper's reputation by accuracy : of the reports the app has judged (every report made, and
 * every report the quality check refused), those that stood (all made but the ones a moderator removed on
 * flags). Read from three counters on the user, so no card or profile scans reports for it.
 */
export type Accuracy = {
	/** Whole percent of the judged reports that stood. */
	percent: number;
	/** Reports that stood: made, and never removed on flags. */
	accurate: number;
	/** Reports made and reports refused. */
	judged: number;
};

export type AccuracyCounts = { totalReports: number; reportsUpheld: number; reportsRefused: number };

/** Null until anything of theirs has been judged: a newcomer has no accuracy, not 0% nor 100%. */
export function accuracyOf({ totalReports, reportsUpheld, reportsRefused }: AccuracyCounts): Accuracy | null {
	const judged = totalReports + reportsRefused;
	if (judged <= 0) return null;
	const accurate = Math.max(0, totalReports - reportsUpheld);
	return { percent: Math.round((100 * accurate) / judged), accurate, judged };
}

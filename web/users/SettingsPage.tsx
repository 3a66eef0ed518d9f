import { useNavigate } from "@tanstack/react-router";
import { useQuery } from "@tanstack/react-query";
import { currentUserQuery, useSignOut } from "../auth/queries.ts";
import { Placeholder } from "../components/Placeholder.tsx";
import { formatCurrency, initialsOf } from "../components/format.ts";
import { SettingsIcon } from "../components/icons.tsx";
import { useToast } from "../state/toast.ts";

/** Settings (spec §2): sign out and the profile's stats; the rest arrives with the accounts release. */
export function SettingsPage() {
  const { data } = useQuery(currentUserQuery);
  const signOut = useSignOut();
  const navigate = useNavigate();
  const toast = useToast();
  if (data?.status !== "authenticated") return null;
  const user = data.user;

  const stats = [
    { label: "Reports", value: String(user.totalReports) },
    { label: "Money saved", value: formatCurrency(user.totalMoneySaved) },
    { label: "Stores visited", value: String(user.uniqueStoresVisited) },
  ];

  return (
    <section aria-labelledby="settings-heading" className="flex flex-col gap-4">
      <h1 id="settings-heading" className="text-2xl font-bold">
        Settings
      </h1>
      <div className="card bg-base-100 shadow-sm">
        <div className="card-body gap-4">
          <div className="flex items-center gap-4">
            <div className="avatar avatar-placeholder">
              <div className="w-14 rounded-full bg-primary text-primary-content">
                {user.profileImageUrl ? (
                  <img src={user.profileImageUrl} alt="" />
                ) : (
                  <span className="text-lg">{initialsOf(user.firstName, user.lastName, user.username)}</span>
                )}
              </div>
            </div>
            <div>
              <p className="text-lg font-semibold">
                {[user.firstName, user.lastName].filter(Boolean).join(" ") || user.username}
              </p>
              <p className="text-base-content/70">@{user.username}</p>
            </div>
          </div>
          <dl className="stats stats-horizontal w-full bg-base-200">
            {stats.map((s) => (
              <div key={s.label} className="stat px-3 py-2">
                <dt className="stat-title text-xs">{s.label}</dt>
                <dd className="stat-value text-lg">{s.value}</dd>
              </div>
            ))}
          </dl>
          <button
            type="button"
            className="btn btn-outline"
            disabled={signOut.isPending}
            onClick={() =>
              signOut.mutate(undefined, {
                onSuccess: () => toast({ title: "Signed out", description: "See you soon!" }),
                onSettled: () => void navigate({ to: "/" }),
              })
            }
          >
            Sign Out
          </button>
        </div>
      </div>
      <Placeholder icon={<SettingsIcon />} title="More settings">
        Soon you can change your photo, preferred fuel, privacy and password here.
      </Placeholder>
    </section>
  );
}

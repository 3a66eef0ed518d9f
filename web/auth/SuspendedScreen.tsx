import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "@tanstack/react-router";
import { useRef } from "react";
import { ApiError } from "../api/client.ts";
import { Logo } from "../components/Logo.tsx";
import { AlertIcon } from "../components/icons.tsx";
import { usePageTitle } from "../components/usePageTitle.ts";
import { useToast } from "../state/toast.ts";
import { forgetUser, useDeleteAccount, useSignOut } from "./queries.ts";

/** All a suspended user sees (spec §6): the reason, and a way to delete the account for good. */
export function SuspendedScreen({ reason, terminatedAt }: { reason: string; terminatedAt: string | null }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const deleteAccount = useDeleteAccount();
  const signOut = useSignOut();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const toast = useToast();
  usePageTitle("Account Suspended");

  const confirmDelete = () =>
    deleteAccount.mutate(undefined, {
      onSuccess: () => {
        dialog.current?.close();
        toast({ title: "Account deleted", description: "Your account and your data have been removed." });
        setTimeout(() => {
          forgetUser(queryClient);
          void navigate({ to: "/auth" });
        }, 2000);
      },
      onError: (error) =>
        toast({
          title: "Deletion Failed",
          description: error instanceof ApiError ? error.serverMessage : "Please try again.",
          variant: "error",
        }),
    });

  return (
    <main className="flex min-h-screen items-center justify-center bg-base-200 p-4">
      <div className="card w-full max-w-md bg-base-100 shadow-md">
        <div className="card-body items-center gap-4 text-center">
          <Logo />
          <span className="flex size-14 items-center justify-center rounded-full bg-error/10 text-error">
            <AlertIcon className="size-7" />
          </span>
          <h1 className="text-2xl font-bold">Account Suspended</h1>
          <p>Your account has been suspended and can no longer report prices or use CommonCents.</p>
          <div className="w-full rounded-box bg-base-200 p-4 text-left">
            <p className="text-sm font-semibold">Reason</p>
            <p data-testid="suspension-reason">{reason || "Policy violation"}</p>
            {terminatedAt && (
              <p className="mt-2 text-sm text-base-content/70">
                Since {new Date(terminatedAt).toLocaleDateString(undefined, { dateStyle: "long" })}
              </p>
            )}
          </div>
          <div className="flex w-full flex-col gap-2">
            <button type="button" className="btn btn-error" onClick={() => dialog.current?.showModal()}>
              Delete Account Permanently
            </button>
            <button
              type="button"
              className="btn btn-ghost"
              onClick={() => signOut.mutate(undefined, { onSettled: () => void navigate({ to: "/" }) })}
            >
              Sign Out
            </button>
          </div>
        </div>
      </div>

      <dialog ref={dialog} className="modal" aria-labelledby="delete-title">
        <div className="modal-box">
          <h2 id="delete-title" className="text-lg font-bold">
            Delete your account?
          </h2>
          <p className="py-3">
            This removes your account, your reports, upvotes and alerts for good. It cannot be undone.
          </p>
          <div className="modal-action">
            <button type="button" className="btn btn-ghost" onClick={() => dialog.current?.close()}>
              Cancel
            </button>
            <button type="button" className="btn btn-error" onClick={confirmDelete} disabled={deleteAccount.isPending}>
              {deleteAccount.isPending && <span className="loading loading-spinner loading-sm" aria-hidden="true" />}
              Delete Forever
            </button>
          </div>
        </div>
        <form method="dialog" className="modal-backdrop">
          <button type="submit">Close</button>
        </form>
      </dialog>
    </main>
  );
}

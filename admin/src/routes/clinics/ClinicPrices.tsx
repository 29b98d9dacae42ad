import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { formatPriceDate, isoDay, type ClinicPrice } from "@botox/core";
import { keys } from "../../api/queries.ts";
import { useApi } from "../../api/session.tsx";
import { ConfirmDialog } from "../../components/ConfirmDialog.tsx";
import { useToast } from "../../components/toast.tsx";
import { useFailureToast } from "../../hooks/use-failure-toast.ts";
import { Alert } from "../../components/ui/Alert.tsx";
import { Button } from "../../components/ui/Button.tsx";
import { Card } from "../../components/ui/Card.tsx";
import { Spinner } from "../../components/ui/Spinner.tsx";
import { PriceEditor } from "./PriceEditor.tsx";
import { PriceTable } from "./PriceTable.tsx";

/**
 * Prices of one clinic on its edit screen: list, add, edit, delete, verify today. `owner`: the
 * clinic owner's workspace, where every price entered is the clinic's own (source clinic) and
 * its status is the team's to set.
 */
export function ClinicPrices({ clinicId, today = isoDay(new Date()), owner = false }: { clinicId: number; today?: string; owner?: boolean }) {
  const api = useApi();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<ClinicPrice | "new" | null>(null);
  const [toDelete, setToDelete] = useState<ClinicPrice | null>(null);

  const prices = useQuery({
    queryKey: keys.clinicPrices(clinicId),
    queryFn: async () => (await api.get(`/clinics/${clinicId}/prices`, { status: "all" })).prices,
  });
  const refresh = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: keys.clinicPrices(clinicId) }), queryClient.invalidateQueries({ queryKey: keys.stats })]);
  const failed = useFailureToast();

  const verify = useMutation({
    mutationFn: (p: ClinicPrice) => api.send("PATCH", `/prices/${p.id}`, { verifiedOn: today }),
    onSuccess: async () => {
      toast({ title: "Price verified", description: `Marked as checked on ${formatPriceDate(today)}.` });
      await refresh();
    },
    onError: failed("Failed to verify the price."),
  });
  const remove = useMutation({
    mutationFn: (p: ClinicPrice) => api.send("DELETE", `/prices/${p.id}`),
    onSuccess: async () => {
      toast({ title: "Price deleted" });
      setToDelete(null);
      await refresh();
    },
    onError: (err) => {
      setToDelete(null);
      failed("Failed to delete the price.")(err);
    },
  });

  const list = prices.data ?? [];
  return (
    <Card
      title="Prices"
      description="Dated, sourced prices shown on the clinic's page and in the local price index. Prices over 180 days old show “may be out of date”; over 365 days they count nowhere."
    >
      {prices.isPending ? (
        <Spinner label="Loading prices..." />
      ) : prices.isError ? (
        <Alert title="Failed to load the prices.">
          <Button size="sm" variant="outline" className="mt-2" onClick={() => void prices.refetch()}>
            Retry
          </Button>
        </Alert>
      ) : (
        <div className="space-y-4">
          {list.length === 0 ? (
            <p className="text-sm text-slate-500">No prices yet for this clinic.</p>
          ) : (
            <PriceTable
              prices={list}
              today={today}
              verifying={verify.isPending}
              onVerify={(p) => verify.mutate(p)}
              onEdit={setEditing}
              onDelete={setToDelete}
            />
          )}
          {editing ? (
            <PriceEditor
              key={editing === "new" ? "new" : editing.id}
              clinicId={clinicId}
              price={editing === "new" ? null : editing}
              today={today}
              owner={owner}
              onDone={async () => {
                setEditing(null);
                await refresh();
              }}
              onCancel={() => setEditing(null)}
            />
          ) : (
            <Button variant="outline" onClick={() => setEditing("new")}>
              Add price
            </Button>
          )}
        </div>
      )}
      <ConfirmDialog
        open={toDelete != null}
        title="Delete price?"
        description="The price disappears from the clinic's page and the price index at the next site build. This cannot be undone."
        busy={remove.isPending}
        onCancel={() => setToDelete(null)}
        onConfirm={() => toDelete && remove.mutate(toDelete)}
      />
    </Card>
  );
}

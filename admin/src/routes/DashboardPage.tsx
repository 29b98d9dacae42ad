import { Link } from "react-router-dom";
import { useQuery } from "@tanstack/react-query";
import { LISTING_EVENT_LABELS, LISTING_EVENT_TYPES, MSG, type Stats } from "@botox/core";
import { keys } from "../api/queries.ts";
import { useApi } from "../api/session.tsx";
import { Alert } from "../components/ui/Alert.tsx";
import { Card } from "../components/ui/Card.tsx";
import { Spinner } from "../components/ui/Spinner.tsx";
import { PublishPanel } from "./dashboard/PublishPanel.tsx";
import { RecentChanges } from "./dashboard/RecentChanges.tsx";

export default function DashboardPage() {
  const api = useApi();
  const stats = useQuery({ queryKey: keys.stats, queryFn: () => api.get("/stats") });

  return (
    <div className="space-y-8">
      <h1 className="text-2xl font-bold">Dashboard</h1>
      {stats.isPending ? (
        <Spinner label="Loading stats..." />
      ) : stats.isError ? (
        <Alert>{MSG.admin.stats}</Alert>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
          <StatCard label="Total Clinics" value={stats.data.totalClinics} to="/clinics" />
          <StatCard label="Blog Posts" value={stats.data.totalPosts} to="/blog" />
          <StatCard label="Subscribers" value={stats.data.totalSubscribers} />
          <StatCard label="Unread Messages" value={stats.data.unreadMessages} to="/messages" />
          <StatCard label="Pending Price Reports" value={stats.data.pendingPriceReports} to="/price-reports" />
          <StatCard label="Clinics with Stale Prices" value={stats.data.staleClinicPrices} />
          <StatCard label="Clinics with No Verified Injector" value={stats.data.clinicsWithoutVerifiedInjector} />
          <StatCard label="Licence Checks Going Stale in 30 Days" value={stats.data.staffChecksGoingStale} />
          <StatCard label="Pending Suggested Edits" value={stats.data.pendingSuggestions} to="/suggestions" />
          <StatCard label="Confirmed Subscribers" value={stats.data.confirmedSubscribers} />
          <StatCard label="Pending Subscribers" value={stats.data.pendingSubscribers} />
          <StatCard label="Mail Sent This Week" value={stats.data.mailSentThisWeek} to="/mail" />
          <StatCard label="Mail Failures" value={stats.data.mailFailures} to="/mail?status=failed" />
        </div>
      )}
      {stats.data?.eventsThisWeek && stats.data.eventsLastWeek ? (
        <ListingTotals thisWeek={stats.data.eventsThisWeek} lastWeek={stats.data.eventsLastWeek} />
      ) : null}
      {/* min-w-0: a grid item is as wide as its widest table otherwise, and the page scrolled sideways on a phone. */}
      <div className="grid grid-cols-1 gap-8 xl:grid-cols-5">
        <div className="min-w-0 xl:col-span-2">
          <RecentChanges />
        </div>
        <div className="min-w-0 xl:col-span-3">
          <PublishPanel />
        </div>
      </div>
    </div>
  );
}

function StatCard({ label, value, to }: { label: string; value: number | undefined; to?: string }) {
  const body = (
    <>
      <p className="text-sm text-slate-500">{label}</p>
      <p className="mt-2 text-3xl font-bold">{value ?? "—"}</p>
    </>
  );
  return to ? (
    <Link to={to} className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-brand-500">
      {body}
    </Link>
  ) : (
    <div className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">{body}</div>
  );
}

/** What visitors did on every clinic's page, this week so far and last week (decision 277). */
function ListingTotals({ thisWeek, lastWeek }: { thisWeek: NonNullable<Stats["eventsThisWeek"]>; lastWeek: NonNullable<Stats["eventsLastWeek"]> }) {
  return (
    <Card
      title="What the listings bring"
      description="Every clinic's page together; weeks run Monday to Sunday (UTC). Each clinic's weeks are on its edit screen."
    >
      <table className="w-full max-w-xl text-left text-sm">
        <thead>
          <tr className="border-b border-slate-200">
            <th scope="col" className="py-1.5 pr-4 font-medium">
              Counted
            </th>
            <th scope="col" className="py-1.5 pr-4 text-right font-medium">
              This week so far
            </th>
            <th scope="col" className="py-1.5 text-right font-medium">
              Last week
            </th>
          </tr>
        </thead>
        <tbody>
          {LISTING_EVENT_TYPES.map((type) => (
            <tr key={type} className="border-b border-slate-100">
              <th scope="row" className="py-1.5 pr-4 font-normal">
                {LISTING_EVENT_LABELS[type]}
              </th>
              <td className="py-1.5 pr-4 text-right tabular-nums">{thisWeek[type]}</td>
              <td className="py-1.5 text-right tabular-nums">{lastWeek[type]}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </Card>
  );
}

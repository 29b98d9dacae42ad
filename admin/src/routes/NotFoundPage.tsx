import { Link } from "react-router-dom";

export default function NotFoundPage() {
  return (
    <div className="py-16 text-center">
      <h1 className="text-2xl font-bold">Page Not Found</h1>
      <Link to="/" className="mt-4 inline-block text-brand-600 underline">
        Back to the dashboard
      </Link>
    </div>
  );
}

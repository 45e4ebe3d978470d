import { Link } from 'react-router';

export default function NotFoundPage() {
  return (
    <main className="error-screen">
      <h1>Page not found</h1>
      <p>There is nothing at this address.</p>
      <Link className="btn btn-primary" to="/">
        Go to Homepage
      </Link>
    </main>
  );
}

import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <div className="status-page">
      <div className="status-code">404</div>
      <p className="status-text">The page you are looking for does not exist.</p>
      <Link to="/" className="btn btn-primary">
        Go home
      </Link>
    </div>
  );
}

export default NotFoundPage;

import { Link } from 'react-router';

/** Where every refusal (403) of a screen or of the record it opens leads; the spec's text word for word. */
export function UnauthorizePage() {
  return (
    <div className="status-page">
      <div className="status-code">403</div>
      <p className="status-text">Oops! Un Authorize Access. The page you are looking for is secured.</p>
      <Link to="/modules" className="btn btn-primary">
        Back to modules
      </Link>
    </div>
  );
}

export default UnauthorizePage;

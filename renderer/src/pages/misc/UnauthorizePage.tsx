import { Link } from 'react-router';

export function UnauthorizePage() {
  return (
    <div className="status-page">
      <div className="status-code">500</div>
      <p className="status-text">Oops! Un Authorize Access. The page you are looking for is secured.</p>
      <Link to="/modules" className="btn btn-primary">
        Back to modules
      </Link>
    </div>
  );
}

export default UnauthorizePage;

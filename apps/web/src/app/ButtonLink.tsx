import { Link, type LinkProps } from 'react-router-dom';
import { buttonClasses, type ButtonSize, type ButtonVariant } from '../ui/Button';
import { cx } from '../ui/cx';

/** A router link that looks like a button. */
export function ButtonLink({ variant, size, className, ...props }: LinkProps & { variant?: ButtonVariant; size?: ButtonSize }) {
  return <Link className={cx(buttonClasses({ variant, size }), className)} {...props} />;
}

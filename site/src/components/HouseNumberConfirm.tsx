import React from "react";

/**
 * An address without a house number asks to continue without one or to edit the
 * address again (the sample address form and the checkout alike).
 */
export function HouseNumberConfirm({
  id,
  question,
  continueLabel,
  editLabel,
  onContinue,
  onEdit,
}: {
  id: string;
  question: string;
  continueLabel: string;
  editLabel: string;
  onContinue: () => void;
  onEdit: () => void;
}) {
  return (
    <div className="confirm-popup" role="alertdialog" aria-labelledby={id} data-testid="house-number-confirm">
      <p id={id}>{question}</p>
      <button type="button" className="button" onClick={onContinue}>
        {continueLabel}
      </button>{" "}
      <button type="button" className="button link" onClick={onEdit}>
        {editLabel}
      </button>
    </div>
  );
}

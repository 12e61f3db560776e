"""Who is solving: an account's solver everywhere, else the guest device's (its device key)."""

from __future__ import annotations

from django.db import IntegrityError, transaction
from django.http import Http404, HttpRequest

from .models import Solver


def solver_for(request: HttpRequest, create: bool = True) -> Solver | None:
    """The caller's solver; made on first use unless ``create`` is False."""
    user = request.user
    if user.is_authenticated:
        if not create:
            return Solver.objects.filter(user=user).first()
        solver, _ = Solver.objects.get_or_create(user=user)
        return solver
    key = getattr(request, "device_key", "")
    if not key:
        return None
    found = Solver.objects.filter(user__isnull=True, device_key=key).first()
    if found or not create:
        return found
    try:
        with transaction.atomic():
            return Solver.objects.create(device_key=key)
    except IntegrityError:  # two first requests at once: the other one made it
        return Solver.objects.get(user__isnull=True, device_key=key)


def required(request: HttpRequest) -> Solver:
    """The caller's solver, made on first use; a page needs one (a guest's device cookie)."""
    solver = solver_for(request)
    if solver is None:
        raise Http404("No device key: please allow cookies to solve puzzles.")
    return solver

# Distillation loss: KL(teacher || student) of two log_softmaxes at temperature 2; about 14 GiB.
import torch
import torch.nn as nn
import torch.nn.functional as F

ROWS = 65536
CLASSES = 8192


class Model(nn.Module):
    def __init__(self, temperature=2.0):
        super().__init__()
        self.temperature = temperature

    def forward(self, student_logits, teacher_logits):
        t = self.temperature
        student = F.log_softmax(student_logits / t, dim=-1)
        teacher = F.log_softmax(teacher_logits / t, dim=-1)
        return F.kl_div(student, teacher, reduction="batchmean", log_target=True) * (t * t)


def get_init_inputs():
    return [2.0]


def get_inputs():
    return [torch.randn(ROWS, CLASSES), torch.randn(ROWS, CLASSES)]
